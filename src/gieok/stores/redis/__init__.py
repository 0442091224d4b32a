"""Redis as the working log's L1 (S3): ``RedisWorkingLog`` over a durable log."""

from gieok.stores.redis.log import CacheStats, RedisWorkingLog

__all__ = ["CacheStats", "RedisWorkingLog"]

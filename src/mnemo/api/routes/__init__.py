"""api/routes"""

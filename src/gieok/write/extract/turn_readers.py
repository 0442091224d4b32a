"""The readers of a whole user turn that add memories no sentence rule makes (issue 16).

Each reads the turn's text and what its sentences already made (``said``), and returns
``(Hit, language)`` pairs for what those missed; the extractor adds them beside the turn's own
candidates, and ``introductions.named_over`` drops a partial memory one of them says whole.
One list, so the extractor has one hook for all of them (``heuristic`` stays an orchestrator):
- ``self_intro``: the user's name said in a greeting or a run-on introduction;
- ``pregnancy``: the week of the user's pregnancy said after it;
- ``absent``: what the user lacks or abstains from ("자식은 없어", "I don't smoke");
- ``allergic_to``: an allergy to the thing the turn asks to leave out, or said bare;
- ``new_partner``: a new partner and the name said after the news;
- ``health_apart``: a condition joined by "-고" to another topic, said apart;
- ``diagnosed``: a Korean finding in the clinician's words;
- ``diagnosed_en``: an English one about the user's complaint ("physio says it's …");
- ``lived_with``: a condition named as the cause of a complaint, sobriety counted;
- ``day_routine``: a weekly routine said day by day, with its exceptions;
- ``standing_whole``: a Korean standing instruction the sentence cutter broke apart;
- ``lab_value``: a test result the user reports as a number ("LDL 165 나옴");
- ``food_reaction``: what a food does to the user's body, said as a request's reason;
- ``ordered_kids``: children listed by their order with name and age in one breath;
- ``bare_self``: an occupation or condition said as a bare phrase in reply ("paramedic");
- ``trip_reply``: a trip said as a place and a time in reply to a question about travel;
- ``trip_dates``: a trip's dates said bare in reply to the assistant asking when it is;
- ``owned_in_passing``: a durable good the user bought, said as the setting of a question;
- ``kept_pet.ailing``: a pet's weak organ, said of "애" while shopping for the pet;
- ``lives_and``: the user's residence said as a first clause joined by -고/-면서/-는데;
- ``for_whom``: whose condition a request was for, said when the assistant asks (``shown``,
  the assistant's turn before; ``prior``, the user's sentence before it).
"""

from __future__ import annotations

from collections.abc import Sequence

from gieok.write.extract import absent, allergic_to, bare_self, day_routine, diagnosed, food_reaction
from gieok.write.extract import diagnosed_en, for_whom, health_apart, kept_pet, lab_value, lived_with
from gieok.write.extract import lives_and
from gieok.write.extract import new_partner, ordered_kids, owned_in_passing, pregnancy, self_intro
from gieok.write.extract import standing_whole, trip_dates, trip_reply
from gieok.write.extract.base import Hit


def read(turn_text: str, said: Sequence[str], shown: str = "",
         prior: str | None = None) -> list[tuple[Hit, str]]:
    """What each whole-turn reader adds to the turn's memories ``said``, in order; ``shown``:
    the assistant's turn the user replies to; ``prior``: the user's sentence before it."""
    return [*self_intro.named(turn_text, said),
            *pregnancy.weeks(turn_text, said),
            *absent.stated(turn_text, said),
            *allergic_to.stated(turn_text, said),
            *allergic_to.bare(turn_text, said),
            *new_partner.stated(turn_text, said),
            *health_apart.apart(turn_text, said),
            *diagnosed.reported(turn_text, said),
            *diagnosed_en.reported(turn_text, said),
            *lived_with.stated(turn_text, said),
            *day_routine.stated(turn_text, said),
            *standing_whole.stated(turn_text, said),
            *lab_value.stated(turn_text, said),
            *food_reaction.stated(turn_text, said),
            *ordered_kids.stated(turn_text, said),
            *bare_self.stated(turn_text, said, shown),
            *trip_reply.stated(turn_text, said, shown),
            *trip_dates.stated(turn_text, said, shown, prior),
            *owned_in_passing.stated(turn_text, said),
            *kept_pet.ailing(turn_text, said),
            *lives_and.stated(turn_text, said),
            *for_whom.stated(turn_text, shown, prior)]

"""What is a health fact (W3, seed 001): conditions, allergies, medicines, doses, injuries,
symptoms and diets of the user, their relatives and their pets — and a diagnosis the user
reports from a doctor, which is theirs although it is hearsay.

Health, medication, allergy and diet facts are core facts (pinned by default), so every part
of extraction asks the same question the same way: the generic gate keeps such sentences when
it would drop a mood or an exclamation, reconciliation never supersedes them by a change of
kind, and a retired medicine is recognised by name. One place holds the vocabulary.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gieok.write.extract.base import Candidate

# A drug is recognised by its stem's ending ("lisinopril", "metformin", "아목시실린"), so an
# ordinary word that merely ends the same way must not make a sentence a health fact: "next
# April" pinned a brother's wedding as a medication (private trial, session 11). Checked only at
# a word's start.
_ORDINARY = ("april|alpine|pine|porcupine|philippine|caroline|gasoline|discipline|"
             "vaseline|trampoline|guideline|deadline|headline|airline|online|offline|outline|"
             "timeline|baseline|skyline|coastline|pipeline|sardine|nadine|valentine|quarantine|"
             "routine|margarine|tangerine|clementine|quentin|valentin|karin|marin|pyramide")
_DRUG_WORD = rf"\b(?!(?:{_ORDINARY})\b)"
# the Korean endings (-린, -졸, -이드, -민) end ordinary words as often as drug names
_DRUG_WORD_KO = (r"(?<![가-힣])(?!(?:우린|어린|그린|베를린|마린|트램펄린|가이드|사이드|슬라이드|"
                 r"브라이드|대졸|고졸|중졸|초졸|예민|고민|주민|이민|시민|국민|난민|서민|농민|어민)"
                 r"(?![가-힣]))")

# "저녁 안 먹어요", "아침은 잘 안 먹어요": a meal skipped is when the user eats, not what they
# must not (fixed-width lookbehinds, one per width)
_MEALS = ("아침", "점심", "저녁", "야식", "끼니", "밥")
_BEFORE_NOT = [m + j + w for m in _MEALS for j in ("", "은", "는", "도", "을", "를")
               for w in ("", " ", " 잘 ", "잘 ")]
_NOT_A_MEAL = "".join(f"(?<!{'|'.join(sorted(g))})" for g in (
    {b for b in _BEFORE_NOT if len(b) == n} for n in sorted({len(b) for b in _BEFORE_NOT})))

HEALTH = re.compile(
    # (medication, medicine, a medical condition — not a paramedic, an army medic or a medical
    # student: a relative's job is no health fact)
    r"allerg|anaphyla|epipen|(?<!para)medic(?:at|in|al\b(?!\s+(?:examiner|student|school|"
    r"receptionist|secretary|director|officer|device|sales|records)))|\bmeds?\b|pills?\b|tablets?|\bmg\b|insulin|inhaler|diabet|"
    r"asthma|epilep|seizure|thyroid|kidney|heart|cancer|surgery|diagnos|c(?:o)?eliac|intoleran|"
    r"pregnan|dysplasia|arthritis|disease|syndrome|disorder|adhd|dementia|cataract|glaucoma|"
    r"macular\s+degeneration|eye\s?drops|"
    r"blood\s+(?:pressure|thinner)|vegan|vegetarian|pescatarian|gluten|lactose|keto|diet|"
    # (a meal skipped — "don't eat dinner on Thursdays", "저녁 안 먹어요" — is when the user
    # eats, a routine: no food they must avoid)
    r"can['’]?t\s+(?:eat|have|drink)|(?:don|doesn|didn)['’]?t\s+(?:eat|drink)(?!\s+(?:"
    r"breakfast|brunch|lunch|dinner|supper|after|before|late|out)\b)|intermittent\s+fasting|"
    r"(?:do|does)\s+not\s+(?:eat|drink)|never\s+(?:eats|drinks)|toxic|vaccin|alcohol|"
    # vaccinations, the user's or a pet's: a closed class of shot words
    r"immuni[sz]|inocul|rabies|distemper|parvovirus|bordetella|lepto(?:spirosis)?\b|booster|"
    r"\bjabs?\b|\b(?:flu|covid|tetanus|rabies|allergy|b12|hep(?:atitis)?\s?[ab]?|hpv|shingles|"
    r"puppy|kitten|first|second|third|last|next|annual|yearly)\s+shots?\b|"
    r"\bdrink(?:ing)?\b|smok|" + _DRUG_WORD + r"\w+(?:pril|statin|"
    r"olol|azole|formin|prazole|oxetine|sartan|cillin|cycline|barbital|profen|oline|pine|"
    r"aline|arin|oxine|azepam|azolam|afil|tidine|triptan|semide|thiazide|mycin|floxacin|parin|"
    r"xaban|gliptin|glutide|isone|olone|vastatin|dronate|tropium|terol|prost)\b|"
    # conditions, injuries, disabilities, treatments (people and pets), in general words
    r"insomnia|sleep\s+apnea|melatonin|injur|fractur|sprain|\bt[oa]re\s+(?:my|his|her|their)\b|"
    r"\btorn\b|\bacl\b|ligament|concussion|colou?r\s?blind|legally\s+blind|\bdeaf\b|"
    r"hearing\s+aid|wheelchair|disabilit|infection|\w{3,}itis\b|tumou?r|chemo|dialysis|"
    r"transplant|pacemaker|migraine|vertigo|anemi|anaemi|cholesterol|\bgout\b|eczema|"
    r"psoriasis|\bibs\b|crohn|autis|dyslexi|\bfip\b|\bfiv\b|parvo|heartworm|\bfleas?\b|"
    r"spay|neuter|physio|rehab|crutches|cast\s+on|\bjoints?\b|supplement|vitamin|glucosamine|"
    r"sensitive\s+(?:stomach|skin)|\bkibble\b|prescription\s+(?:food|diet)|renal|"
    r"\bprescribed\s+by\s+(?:the|my|their|his|her)\s+(?:doctor|gp|vet|physician)\b|"
    # symptoms, the user's or a pet's ("she sneezes a lot", "he keeps vomiting")
    r"sneez|\bcough|vomit|diarrh|\blimp(?:s|ing)?\b|\bitch(?:y|ing|es)?\b|\brash\b|\bfever\b|"
    r"antibiotic|\bdewormer|\b(?:once|twice|three\s+times)\s+a\s+day\b|\b\d+\s?mg\b|"
    r"구토|토해|토했|토함|설사|기침|재채기|콧물|열이\s?나|절뚝|가려워|긁어|항생제|"
    r"(?:하루|매일|아침|저녁|밤)[^.!?]{0,20}?(?:먹여|먹이|투약|투여|복용|발라)|"
    r"(?:하루|매일)\s?(?:에\s?)?(?:한|두|세|네|\d)\s?(?:번|알|정|캡슐)[^.!?]{0,20}?(?:먹|넣|발라)|"
    # a named drug taken on a schedule: "takes Concerta every school day", "is on Zoloft"
    r"\b(?:takes?|taking|is\s+on)\s+(?-i:[A-Z][a-z]+)\b(?=\s+(?:every|daily|twice|once|each|"
    r"at\s+night|in\s+the\s+morning|for\s+(?:his|her|their|my)\b)|\s*$)|"
    r"\bbad\s+(?:back|knees?|hips?|shoulders?)\b|\b(?:back|knee|hip|shoulder|neck|wrist)\s+"
    r"(?:pain|problems?|issues?|injury|surgery)\b|"
    r"(?:허리|무릎|어깨|손목|발목|골반|고관절)(?:가|이|도)?\s?(?:안\s?좋|아프|아파|약하|약해|나빠|"
    r"삐|다쳤|통증)|관절|영양제|비타민|보충제|(?:귀|눈)가?\s?(?:잘\s?)?안\s?(?:들려|들린|보여|보인)|청력|시력|"
    r"불면|수면제|골절|인대|부상|다쳤|깁스|색맹|색약|난청|보청기|휠체어|장애(?!가?\s?(?:났|나서|나고|발생|터졌|생겼))|감염|염증|(?<![가-힣])암(?:이|을|\s|$)|"
    r"항암|투석|이식|빈혈|콜레스테롤|통풍|아토피|습진|자폐|중성화|심장사상충|재활|물리치료|"
    r"알레르기|알러지|두드러기|(?<![가-힣])술(?:을|은|도|\s)|담배|흡연|금연|금주|(?<![예계요절공규조서협언특제])약(?:을|\s|$|은)|복용|인슐린|흡입기|당뇨|천식|고혈압|갑상선|신장|심장|"
    r"췌장염|디스크|탈구|슬개골|신부전|진단|수술|치매|백내장|질환|증후군|임신|채식|비건|키토|글루텐|유당|식단|처방|"
    r"편두통|사료|먹으면\s?(?:안|큰일)|(?:소염|진통|해열|소화|구충|지사|변비|이뇨|항[가-힣]{1,4})제|못\s?먹|" + _NOT_A_MEAL + r"(?<!동)안\s?먹|금식|단식|접종|주사|백신|광견병|" + _DRUG_WORD_KO +
    r"\w+(?:린|졸|이드)\b",
    re.IGNORECASE)

# a meal the user skips, on a day or a schedule ("목요일엔 저녁 안 먹어요", "I don't eat
# breakfast"): a routine said with a negation — kept, but no food to avoid (never pinned)
MEAL_SKIPPED = re.compile(
    r"(?:아침|점심|저녁|야식|끼니|(?<![가-힣])밥)(?:은|는|도|을|를)?\s?(?:잘\s?)?(?:안\s?먹|굶|거르|걸러|"
    r"스킵)|"
    r"\b(?:don['’]?t|do\s+not|never)\s+(?:eat|have)\s+(?:breakfast|brunch|lunch|dinner|supper)\b|"
    r"\bskip\s+(?:breakfast|lunch|dinner)\b", re.IGNORECASE)

# A word for medicine, or a drug's name by its stem ("metformin", "아목시실린"); 약 never inside
# 예약, 계약, 약속's kin (an appointment is no medication).
MEDICINE = re.compile(r"medic|\bmeds?\b|pills?|tablets?|drops|antibiotic|steroid|\binsulin|"
                      + _DRUG_WORD + r"\w+(?:pril|statin|olol|azole|formin|prazole|oxetine|sartan|cillin|cycline|"
                      r"profen|entin|oxicam|amide|olone|isone|mycin|floxacin|parin|dine|mab)\b|"
                      r"(?<![예계요절공규조서협언특제])약(?!속)|(?:소염|진통|해열|소화|구충|지사|변비|이뇨|항[가-힣]{1,4})제|스테로이드|인슐린",
                      re.IGNORECASE)

_DOSE = re.compile(r"(?:하루|매일|아침|저녁)\s?(?:에\s?)?(?:한|두|세|네|\d)\s?(?:번|알|정|캡슐|봉)|"
                   r"처방식|처방\s?사료|\bprescription\s+(?:diet|food|kibble)\b|"
                   r"\b(?:once|twice|three\s+times)\s+(?:a\s+day|daily)\b|\b\d+\s?mg\b",
                   re.IGNORECASE)
_LAY_SOURCE = re.compile(r"친구|동료|지인|엄마가|아빠가|사람들|인터넷|유튜브|블로그|\b(?:friend|"
                         r"coworker|colleague|internet|online|youtube|reddit|blog)\b", re.IGNORECASE)
_MEDICAL = re.compile(r"병원|의사|선생님|수의사|진단|검사\s?결과|\b(?:doctor|vet|dr\.?|physician|"
                      r"nurse|dermatologist|allergist|cardiologist|dentist)\b", re.IGNORECASE)


def is_medicine(name: str) -> bool:
    """A drug's name ("lisinopril", "Apoquel" is not recognisable, "메트포르민") or a word
    for medicine."""
    return MEDICINE.search(name) is not None or re.fullmatch(
        _DRUG_WORD + _DRUG_WORD_KO + r"\w+(?:pril|statin|olol|azole|formin|prazole|oxetine|sartan|cillin|cycline|profen|"
        r"entin|oxicam|amide|olone|isone|mycin|floxacin|parin|dine|mab|pine|zepam|"
        r"린|졸|이드|민)", name.strip(), re.IGNORECASE) is not None


def health_related(text: str) -> bool:
    """Names a condition, an allergy, a medication, an injury or a diet."""
    return HEALTH.search(text) is not None


# "the doctor said (that)", "my vet told me", "dr. Kim says": who reported a health finding
EN_FINDING = re.compile(
    r"^(?:(?:the|my|our|his|her|their)\s+)?(?:doctor|vet|dr\.?(?:\s+(?-i:[A-Z])\w+)?|physician|"
    r"nurse|dermatologist|allergist|cardiologist|dentist)\s+(?:said|says|told\s+(?:me|us)|"
    r"thinks|confirmed|found)\s*(?:that\s+)?", re.IGNORECASE)


def medical_report(sentence: str) -> bool:
    """"병원에서도 갑각류 알레르기래", "the doctor said I'm prediabetic": hearsay, but the
    user reporting their own (or their pet's) diagnosis — a health fact, not gossip. So is a
    dose said as hearsay with no one but the prescriber to say it ("methimazole 하루 두 번
    먹어야 한대": the vet's instruction), unless a friend or colleague is who said it."""
    if _MEDICAL.search(sentence) is not None:
        return HEALTH.search(_MEDICAL.sub(" ", sentence)) is not None
    return _DOSE.search(sentence) is not None and _LAY_SOURCE.search(sentence) is None


# A body part only an animal has: a wing, a tail (not the tailbone), a beak, a hoof, a paw, a
# fin. "남편이 비둘기를 구조해 왔는데요 날개를 다쳤어요": whatever the clause's subject reads as,
# the wing is the bird's, so the injury is never a person's.
_ANIMAL_PART = re.compile(
    r"(?<![가-힣])(?:날개|꼬리|부리|발굽|앞발|뒷발|지느러미|등딱지)(?=[을를가이에도는은]|\s|$)|"
    r"\b(?:wings?|tails?|beaks?|hoofs?|hooves|paws?|fins?)\b", re.IGNORECASE)


def animal_part(text: str) -> bool:
    """Names a body part only an animal has ("날개를 다쳤어요", "hurt its wing")."""
    return _ANIMAL_PART.search(text) is not None



# What happens to a patient (a surgery, a stay in hospital, a diagnosis, an injury), said after
# a bare relative's word: "아버지 수술 잘 끝났어", "남편 무릎 수술 받았어", "할머니 입원하셨어".
# Korean drops the particle, so the sentence names no subject and the memory would make the user
# the patient ("사용자는 아버지 수술 잘 끝났다"); the relative is the one it happened to. A fee, a
# room, a gift is not (수술비, 입원실: "엄마 수술비 냈어" is the user's payment).
_BODY_KO = (r"무릎|허리|어깨|손목|발목|골반|고관절|다리|팔|발|손|눈|귀|코|목|등|심장|위|간|폐|신장|"
            r"맹장|갑상선|백내장|척추|디스크|치아|이빨|머리|손가락|발가락|인대|연골|쓸개|담낭|대장|자궁|유방")
_PATIENT_KO = re.compile(
    rf"^(?:(?:{_BODY_KO})\s?)?(?:수술(?![비실복])|입원(?!실|비)|퇴원|진단|항암|골절|깁스|재활|투석|"
    r"치료\s?(?:받|잘|끝|시작|중)|검진\s?결과)|"
    rf"^(?:{_BODY_KO})(?:를|을|가|이)?\s?(?:다쳤|다치셨|다쳐|삐었|삐끗|부러졌|부러지|골절|수술)")
_TIME_KO = r"(?:오늘|어제|그제|아까|방금|지난\s?(?:주|달)에?|이번\s?(?:주|달)에?|작년에|얼마\s?전에|드디어|결국)"
_OPENING_KO = r"(?:(?:아|참|근데|그리고|아무튼|암튼|어쨌든|다행히)\s)?"


def kin_patient(sentence: str, content: str) -> str:
    """The memory with the relative as its subject when ``sentence`` opens on a bare relative's
    word followed by what happened to them as a patient ("아버지 수술 잘 끝났어" → "사용자의
    아버지는 수술 잘 끝났다"); ``content`` unchanged otherwise ("나 아빠 병원 모시고 갔어": the
    user did it)."""
    from gieok.write.extract.korean import FAMILY_KO, has_batchim

    opening = rf"^(?:{_OPENING_KO}|{_TIME_KO}\s)*(?:우리\s|울\s)?(?:{FAMILY_KO})\s"
    said = re.match(opening, sentence.strip())
    if said is None or not _PATIENT_KO.match(sentence.strip()[said.end():]):
        return content
    m = re.match(rf"^(?:사용자는\s(?P<pre>(?:{_OPENING_KO}|{_TIME_KO}\s)*)(?:사용자의\s)?|사용자의\s)"
                 rf"(?P<kin>{FAMILY_KO})\s(?P<rest>.+)$", content)
    if m is None:
        return content
    particle = "은" if has_batchim(m.group("kin")) else "는"
    return f"사용자의 {m.group('kin')}{particle} {m.group('pre') or ''}{m.group('rest')}"


# "User's physio is Dr. Alvarez", "User's dentist is Dr. Kim on Elm St", "사용자의 담당 의사는 김
# 선생님": who looks after the user's health, and no condition, medicine or allergy with it
_PROVIDER_ONLY = re.compile(
    r"^(?:User['’]s|사용자의)\s+(?:(?:family|regular|new|usual|old)\s+|담당\s?)?"
    r"(?:doctor|GP|physio(?:therapist)?|dentist|therapist|psychiatrist|psychologist|counsell?or|"
    r"dermatologist|chiropractor|optometrist|pediatrician|paediatrician|midwife|"
    r"의사|주치의|치과\s?(?:의사|선생님)|상담\s?선생님|물리\s?치료사)"
    r"(?:\s+is(?:\s+called)?|(?:는|은))\s+")


def provider_only(content: str) -> bool:
    """A memory that names the user's doctor, physio or dentist and nothing of their health.

    Why: health facts are pinned so every answer sees them (seed 001), but "my physio is Dr.
    Alvarez" is a person in the user's life, not a condition the assistant must always keep
    in mind (a new-user trial found it among the always-included core facts). It stays a
    memory, found when the user asks about their physio; it is just not pinned."""
    m = _PROVIDER_ONLY.match(content)
    return m is not None and not health_related(content[m.end():])


def is_core(candidate: Candidate) -> bool:
    """Health, medication, allergy, contraindication and diet facts are pinned (seed 001),
    whoever they are about: the user, a relative or a pet."""
    if provider_only(candidate.content):  # "User's physio is Dr. Alvarez": a person
        return False
    return bool({"health", "allergy", "medication", "chronic", "diet"} & set(candidate.tags)) \
        or candidate.rule in ("health", "diet") \
        or (candidate.slot or "").startswith("pet_diet:") or (
            candidate.rule == "rule" and health_related(candidate.content))

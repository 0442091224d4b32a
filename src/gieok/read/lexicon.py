"""A small bilingual (English/Korean) lexicon of the things people tell a memory about
themselves: pets, family, health, food, work, school, hobbies, travel, belongings, places.

Why: full text only finds a memory that shares a word with the query, and the local
embedder barely bridges languages or kinds (e5-small scores "what's my dog's name?" against
"User's jindo Toto is 3" no higher than against unrelated turns). A user asks in the
other language ("what am I allergic to?" of "사용자는 갑각류 알레르기가 있음") or by the
kind of a thing ("my dog" of a jindo, "my car" of an Ioniq 5). ``read/expansion.py`` adds
a query's equivalents and narrower kinds from here to its full-text terms.

Format, one group per line: ``equivalents : narrower kinds``. Equivalents mean the same
thing (translations, spellings, inflections people search with); narrower kinds are words
a memory uses for one of them (a breed for "dog", a drug for "medicine"). A narrower word
that is itself the head of a line brings that line along (its translations, its own kinds).
Words are matched whole: English lower-cased (plural "s" tolerated), Korean by morpheme,
or — two syllables and longer — inside the query's words (Korean attaches particles).

Kept to general vocabulary on purpose: no names from any data set, nothing that decides
for one benchmark. Ambiguous words ("기타" guitar/etc., "차" car/tea) stay: a query with
them gets both senses' words, and the dense side still ranks by meaning.
"""

from __future__ import annotations

LEXICON = """
pet, pets, 반려동물, 애완동물, 반려견, 반려묘 : dog, cat, rabbit, hamster, bird, fish, turtle, guinea pig, ferret, lizard, snake
dog, dogs, puppy, puppies, 개, 강아지, 멍멍이, 댕댕이 : jindo, 진돗개, poodle, 푸들, retriever, 리트리버, labrador, 래브라도, shiba, 시바견, corgi, 코기, 웰시코기, beagle, 비글, maltese, 말티즈, chihuahua, 치와와, pomeranian, 포메라니안, 포메, husky, 허스키, greyhound, 그레이하운드, bulldog, 불독, dachshund, 닥스훈트, schnauzer, 슈나우저, shih, 시츄, 비숑, bichon, 골든리트리버, 삽살개
cat, cats, kitten, kitty, 고양이, 냥이, 새끼고양이 : tabby, 코숏, persian, 페르시안, siamese, 샴, 러시안블루, 스코티시폴드, 먼치킨, munchkin, ragdoll, 랙돌, 뱅갈, bengal
rabbit, rabbits, bunny, 토끼
hamster, 햄스터
bird, parrot, budgie, 새, 앵무새
turtle, tortoise, 거북이, 거북
family, relatives, 가족, 식구, 친척 : parent, sibling, child, spouse, grandparent, cousin, uncle, aunt, 사촌, 삼촌, 이모, 고모, 외삼촌
parent, parents, 부모, 부모님 : mother, father
mother, mom, mum, mommy, 엄마, 어머니, 어머님, 모친
father, dad, daddy, 아빠, 아버지, 아버님, 부친
sibling, siblings, 형제, 자매, 남매, 동생 : brother, sister
brother, brothers, 형, 오빠, 남동생
sister, sisters, 누나, 언니, 여동생
child, children, kid, kids, 아이, 아이들, 애들, 자녀, 자식 : son, daughter, baby
son, sons, 아들
daughter, daughters, 딸
baby, newborn, 아기, 애기
grandparent, grandparents, 조부모 : grandmother, grandfather
grandmother, grandma, granny, 할머니, 외할머니
grandfather, grandpa, 할아버지, 외할아버지
spouse, 배우자 : husband, wife
husband, 남편, 신랑
wife, 아내, 와이프, 부인, 집사람
partner, 애인, 연인 : boyfriend, girlfriend, fiance, fiancee, 약혼자
boyfriend, 남자친구, 남친
girlfriend, 여자친구, 여친
wedding, marriage, married, marry, 결혼, 결혼식, 혼인
anniversary, 기념일, 결혼기념일
birthday, 생일
pregnant, pregnancy, expecting, 임신, 출산
allergy, allergies, allergic, 알레르기, 알러지
medicine, medication, medications, meds, drug, drugs, pill, pills, prescription, 약, 약물, 처방, 처방약 : antibiotic, supplement, statin, 스타틴, metformin, 메트포르민, insulin, 인슐린, painkiller, 진통제, ibuprofen, 이부프로펜, aspirin, 아스피린, tylenol, 타이레놀, antidepressant, 항우울제, inhaler, 흡입기, 혈압약, 수면제
antibiotic, antibiotics, 항생제 : penicillin, 페니실린, amoxicillin, 아목시실린
supplement, supplements, vitamin, vitamins, 영양제, 보충제, 비타민 : melatonin, 멜라토닌, omega, 오메가, probiotics, 유산균, magnesium, 마그네슘, iron, 철분, 루테인, lutein, collagen, 콜라겐
illness, disease, condition, chronic, 병, 질환, 질병, 지병 : diabetes, hypertension, asthma, cancer, 암, arthritis, 관절염, depression, migraine, 편두통, 디스크, thyroid, 갑상선
diabetes, diabetic, 당뇨, 당뇨병
hypertension, 고혈압, 혈압
asthma, 천식
cholesterol, 콜레스테롤
doctor, physician, 의사 : dentist, cardiologist, dermatologist, 피부과, psychiatrist, 정신과, 내과, 외과, 안과, 이비인후과
dentist, dental, 치과, 치과의사 : tooth, teeth
tooth, teeth, 치아, 이빨, 사랑니, 충치, 잇몸
heart, cardiac, cardiologist, 심장, 심장내과
hospital, clinic, 병원, 의원
vet, vets, veterinarian, 수의사, 동물병원
surgery, operation, 수술
eye, eyes, vision, eyesight, 눈, 시력 : glasses, 안경, contacts, 렌즈, 렌즈삽입술, lasik, 라식, 라섹
sleep, insomnia, 잠, 수면, 불면증
mental, depression, depressed, anxiety, anxious, therapy, therapist, counselor, counseling, counselling, 우울, 우울증, 불안, 상담, 상담사, 심리, 정신과
injury, injured, 부상, 다침 : fracture, 골절, sprain, 염좌, 탈구, dislocation
diet, 식단, 다이어트, 식이
vegetarian, vegan, 채식, 채식주의자, 비건
meat, 고기, 육류 : beef, 소고기, pork, 돼지고기, chicken, 닭고기, lamb, 양고기
dairy, lactose, 유제품, 유당, 유당불내증 : milk, 우유, cheese, 치즈, yogurt, 요거트, 요구르트, latte, 라떼, butter, 버터, cream, 크림
nut, nuts, 견과류, 견과 : peanut, peanuts, 땅콩, almond, almonds, 아몬드, walnut, walnuts, 호두, cashew, 캐슈넛, pistachio, 피스타치오
shellfish, seafood, crustacean, 갑각류, 해산물, 조개류 : shrimp, 새우, crab, 게, 꽃게, lobster, 랍스터, 가재, clam, 조개, oyster, 굴, mussel, 홍합
spicy, 매운, 매운맛 : 신라면, 불닭, jalapeno, 할라피뇨, chili, 고추
coffee, caffeine, 커피, 카페인 : latte, espresso, 에스프레소, americano, 아메리카노, cappuccino, 카푸치노, decaf, 디카페인
tea, 차 : 녹차, 홍차
alcohol, drinking, 술, 음주 : beer, 맥주, wine, 와인, soju, 소주, whiskey, whisky, 위스키, makgeolli, 막걸리
cilantro, coriander, 고수
job, jobs, occupation, career, profession, role, position, 직업, 직장, 일자리, 커리어, 직책, 직급 : engineer, developer, programmer, designer, teacher, nurse, firefighter, lawyer, accountant, manager, 개발자, 엔지니어, 디자이너, 교사, 간호사, 소방관, 변호사, 회계사, 공무원, 기자, 요리사, chef, 연구원, researcher, 마케터, marketer
company, employer, firm, 회사, 직장 : startup, 스타트업, bank, 은행
boss, manager, supervisor, 상사, 팀장, 매니저, 부장, 과장, 사수 : lead
coworker, coworkers, colleague, colleagues, 동료, 직장동료
promotion, promoted, 승진
retire, retiring, retirement, retired, 은퇴, 퇴직, 정년
team, 팀, 팀원
part-time, 알바, 아르바이트
school, 학교 : college, university, 대학, 대학교, 고등학교, 중학교, 초등학교, elementary, kindergarten, 유치원, 학원, 대학원
college, university, 대학, 대학교
study, studying, studies, student, 공부, 학생 : major, 전공, 교환학생, 유학
major, 전공
exam, exams, test, 시험 : 수능, 토익, toeic, 토플, toefl, sat, 기말고사, 중간고사
abroad, 유학, 해외, 교환학생
teach, teaching, teacher, 가르치, 교사, 선생님, 강사
dormitory, dorm, 기숙사
roommate, roommates, 룸메이트, 룸메
sport, sports, 스포츠 : soccer, football, 축구, basketball, 농구, baseball, 야구, tennis, 테니스, golf, 골프, swimming, 수영, badminton, 배드민턴, volleyball, 배구, bowling, 볼링, ski, skiing, 스키, climbing, 클라이밍, 등산, hiking
exercise, workout, fitness, 운동, 헬스 : gym, 헬스장, pilates, 필라테스, yoga, 요가, running, jogging, 달리기, 러닝, 조깅, cycling, 자전거, swimming, 수영, hiking, 등산, walking, 걷기, 산책, crossfit, 크로스핏, marathon, 마라톤, training
race, races, 대회, 레이스 : marathon, 마라톤, triathlon, 철인
instrument, instruments, 악기 : guitar, 기타, piano, 피아노, violin, 바이올린, ukulele, 우쿨렐레, drum, drums, 드럼, cello, 첼로, flute, 플루트, saxophone, 색소폰, bass, 베이스
music, 음악 : instrument, band, 밴드, 노래, song, concert, 콘서트
car, cars, vehicle, 차, 자동차, 차량, 자차 : hyundai, 현대차, kia, 기아, tesla, 테슬라, toyota, 토요타, honda, 혼다, bmw, benz, 벤츠, audi, 아우디, volvo, 볼보, mustang, ioniq, 아이오닉, sonata, 쏘나타, avante, 아반떼, sedan, 세단, suv, 전기차
bike, bicycle, cycling, 자전거
phone, smartphone, cellphone, 핸드폰, 휴대폰, 폰, 스마트폰 : iphone, 아이폰, galaxy, 갤럭시, pixel, 픽셀
computer, laptop, 컴퓨터, 노트북 : macbook, 맥북, 그램
trip, travel, traveling, travelling, vacation, holiday, holidays, 여행, 휴가 : cruise, 크루즈, flight, flights, 비행기, 항공권, tour, 투어, 배낭여행
move, moving, moved, relocate, 이사, 이주
home, house, apartment, 집, 아파트, 주택 : 오피스텔, studio, 원룸
live, lives, living, 거주, 사는
rent, 월세, 전세, 집세 : landlord, 집주인
language, languages, 언어 : english, 영어, korean, 한국어, japanese, 일본어, chinese, 중국어, spanish, 스페인어, french, 프랑스어, german, 독일어, dialect, 사투리
programming, coding, 프로그래밍, 코딩 : python, 파이썬, rust, 러스트, java, 자바, javascript, 자바스크립트, typescript, 타입스크립트, kotlin, 코틀린, swift, golang
dialect, 사투리, 방언
korea, korean, 한국
japan, japanese, 일본
china, chinese, 중국
germany, german, 독일
france, french, 프랑스
netherlands, dutch, 네덜란드
america, american, usa, 미국
canada, canadian, 캐나다
india, indian, 인도
singapore, 싱가포르
seoul, 서울
busan, 부산
jeju, 제주, 제주도
tokyo, 도쿄
osaka, 오사카
name, names, called, named, 이름
age, 나이
hobby, hobbies, 취미
friend, friends, 친구
neighbor, neighbour, neighbors, 이웃
"""

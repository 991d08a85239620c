import type { AreaSlug } from '@gurumatch/shared/catalogues/areas';

export interface AreaFaq {
  readonly question: string;
  readonly answer: string;
}

/** What the page for one area says that no other area page says. */
export interface AreaGuide {
  /** Two or three sentences on the neighbourhood and its schools, colleges and landmarks. */
  readonly intro: string;
  readonly landmarks: readonly string[];
  readonly popularSubjects: readonly string[];
  readonly popularBoards: readonly string[];
  /** Other areas with their own page, linked. */
  readonly nearbyAreas: readonly AreaSlug[];
  /** Further localities the tutors here also cover. */
  readonly nearbyLocalities: readonly string[];
  /** Getting there, typical commute, and when online classes make sense. */
  readonly travel: string;
  readonly faqs: readonly [AreaFaq, AreaFaq, AreaFaq];
}

export const AREA_GUIDES: Readonly<Record<AreaSlug, AreaGuide>> = {
  'jayanagar-bangalore': {
    intro:
      'Jayanagar is one of Bengaluru’s oldest planned neighbourhoods, with tree-lined blocks from 1st to 9th Block, the busy 4th Block shopping complex and Lalbagh on its northern edge. Families here take school results seriously, and National College, Jayanagar and the Jain University campuses sit within easy reach of most blocks, alongside a dense cluster of CBSE, ICSE and state-board schools.',
    landmarks: [
      'National College, Jayanagar',
      'Jain (Deemed-to-be University) campuses',
      'Jayanagar 4th Block shopping complex',
      'Lalbagh Botanical Garden',
    ],
    popularSubjects: ['Mathematics', 'Physics', 'Chemistry', 'Kannada', 'Sanskrit', 'Accountancy'],
    popularBoards: ['CBSE', 'ICSE', 'Karnataka State Board', 'Karnataka PUC'],
    nearbyAreas: [
      'basavanagudi-bangalore',
      'jp-nagar-bangalore',
      'btm-layout-bangalore',
      'banashankari-bangalore',
    ],
    nearbyLocalities: ['Tilak Nagar', 'Pattabhirama Nagar', 'Jayanagar East', 'Wilson Garden'],
    travel:
      'The Green Line metro stops at South End Circle and Jayanagar, so tutors from JP Nagar, Banashankari and Basavanagudi reach most blocks in minutes. Evening slots between 5 pm and 8 pm are the most requested; online classes are a good fallback during exam weeks when travel time matters.',
    faqs: [
      {
        question: 'Can I find a Kannada or Sanskrit tutor in Jayanagar?',
        answer:
          'Yes. Jayanagar has a strong tradition of language teaching, and many tutors here teach Kannada and Sanskrit as first, second or third languages for CBSE, ICSE and state-board students, from Class 1 to PUC.',
      },
      {
        question: 'Are home tutors in Jayanagar available for PUC Science and KCET preparation?',
        answer:
          'Yes. Physics, Chemistry, Mathematics and Biology tutors for I and II PUC are among the most requested in Jayanagar, and many of them also prepare students for KCET alongside the board syllabus.',
      },
      {
        question: 'Which parts of Jayanagar do tutors cover?',
        answer:
          'Tutors on GuruMatch cover all blocks from 1st to 9th Block, Jayanagar East, Tilak Nagar and Pattabhirama Nagar. Mention your block in the enquiry so nearby tutors see it first.',
      },
    ],
  },
  'basavanagudi-bangalore': {
    intro:
      'Basavanagudi, named after the Dodda Basavanna (Bull) Temple, is a heritage neighbourhood of Gandhi Bazaar, DVG Road and Bugle Rock Park. It has a long academic tradition: BMS College of Engineering on Bull Temple Road and National College, Basavanagudi draw students from across South Bengaluru, and many families have studied at the same schools for generations.',
    landmarks: [
      'BMS College of Engineering',
      'National College, Basavanagudi',
      'Bull Temple and Bugle Rock Park',
      'Gandhi Bazaar',
    ],
    popularSubjects: [
      'Mathematics',
      'Physics',
      'Engineering Mathematics',
      'Kannada',
      'Sanskrit',
      'English Grammar',
    ],
    popularBoards: ['Karnataka State Board', 'Karnataka PUC', 'CBSE', 'Engineering (VTU)'],
    nearbyAreas: ['jayanagar-bangalore', 'banashankari-bangalore'],
    nearbyLocalities: ['Chamarajpet', 'Hanumanthanagar', 'NR Colony', 'VV Puram'],
    travel:
      'National College metro station on the Green Line is right in the middle of Basavanagudi. The lanes around Gandhi Bazaar are busy, so most tutors come from Hanumanthanagar, NR Colony or Jayanagar, a short ride away. College students often prefer weekend or online sessions around their timetables.',
    faqs: [
      {
        question: 'Can engineering students near BMS College find tutors for their subjects?',
        answer:
          'Yes. Tutors in and around Basavanagudi teach Engineering Mathematics, Physics, Electronics and core branch subjects, and can plan sessions around internal assessments and semester exams.',
      },
      {
        question: 'Do tutors in Basavanagudi teach in Kannada?',
        answer:
          'Many do. You can ask for Kannada-medium teaching or bilingual explanations in your enquiry, which helps state-board students moving to English-medium PUC.',
      },
      {
        question: 'Is there demand for Sanskrit and classical-language tutors in Basavanagudi?',
        answer:
          'Yes. Basavanagudi’s cultural heritage keeps Sanskrit popular, both as a school language and for adult learners, and experienced Sanskrit tutors live in the area.',
      },
    ],
  },
  'rajajinagar-bangalore': {
    intro:
      'Rajajinagar in West Bengaluru is a large, well-connected area of numbered blocks bordered by Malleswaram, Basaveshwaranagar and Yeshwanthpur. The ISKCON temple on Hare Krishna Hill and Orion Mall at Brigade Gateway are its best-known landmarks, and National Public School, Rajajinagar leads a long-standing network of CBSE schools, state-board schools and PU colleges.',
    landmarks: [
      'National Public School, Rajajinagar',
      'ISKCON Temple, Hare Krishna Hill',
      'Orion Mall at Brigade Gateway',
      'Dr Rajkumar Road',
    ],
    popularSubjects: [
      'Mathematics',
      'Physics',
      'Chemistry',
      'Biology',
      'Accountancy',
      'Business Studies',
    ],
    popularBoards: ['CBSE', 'Karnataka State Board', 'Karnataka PUC', 'KCET'],
    nearbyAreas: [],
    nearbyLocalities: [
      'Malleswaram',
      'Basaveshwaranagar',
      'Vijayanagar',
      'Mahalakshmi Layout',
      'Yeshwanthpur',
    ],
    travel:
      'Rajajinagar, Kuvempu Road and Mahalakshmi stations on the Green Line, plus good bus links along Dr Rajkumar Road and West of Chord Road, make it easy for tutors from Malleswaram and Basaveshwaranagar to come home. Most sessions happen after 5 pm on weekdays and in the mornings at weekends.',
    faqs: [
      {
        question: 'Can I get a tutor for PUC Science and KCET in Rajajinagar?',
        answer:
          'Yes. Rajajinagar has many experienced PUC lecturers who tutor at home, covering Physics, Chemistry, Mathematics and Biology along with KCET practice papers.',
      },
      {
        question: 'Do Rajajinagar tutors also cover Malleswaram and Basaveshwaranagar?',
        answer:
          'Usually, yes. These neighbourhoods are next to each other, and most tutors based in one of them are happy to travel to the others.',
      },
      {
        question: 'Is home tuition available for commerce students in Rajajinagar?',
        answer:
          'Yes. Accountancy, Business Studies, Economics and Statistics tutors are in steady demand here for both PUC Commerce and CBSE Classes 11 and 12.',
      },
    ],
  },
  'rt-nagar-bangalore': {
    intro:
      'RT Nagar (Rabindranath Tagore Nagar) is a compact, busy residential area in North Bengaluru between Hebbal, Ganganagar and Sultanpalya, a short drive from Mekhri Circle and Palace Grounds. Its mix of long-time residents and young families keeps steady demand for school tuition, especially in Mathematics, Science, English and languages.',
    landmarks: ['Mekhri Circle', 'Palace Grounds', 'HMT Layout', 'CBI Road'],
    popularSubjects: ['Mathematics', 'Science', 'English', 'Urdu', 'Hindi', 'Computer Science'],
    popularBoards: ['CBSE', 'ICSE', 'Karnataka State Board'],
    nearbyAreas: ['hebbal-bangalore'],
    nearbyLocalities: ['Ganganagar', 'Sultanpalya', 'HMT Layout', 'Sanjay Nagar'],
    travel:
      'RT Nagar has no metro station yet, but it is well served by buses, and tutors from Hebbal, Ganganagar and Sanjay Nagar are only a few minutes away. When traffic on Bellary Road peaks, many families switch to online classes for a session or two.',
    faqs: [
      {
        question: 'Can I find an Urdu or Hindi tutor in RT Nagar?',
        answer:
          'Yes. RT Nagar has tutors for Urdu and Hindi as school languages and for conversation, and many of them also teach English.',
      },
      {
        question: 'Do tutors in RT Nagar teach ICSE students?',
        answer:
          'Yes. Several tutors here teach the ICSE syllabus for Classes 6 to 10, especially Mathematics, Physics and English Literature.',
      },
      {
        question: 'Are weekend classes available in RT Nagar?',
        answer:
          'Yes. Many tutors keep Saturday and Sunday mornings for students who are busy during the week; say which days suit you when you post your enquiry.',
      },
    ],
  },
  'banashankari-bangalore': {
    intro:
      'Banashankari, named after the Banashankari Amma temple on Kanakapura Road, is one of South Bengaluru’s largest residential areas, spread across several stages. PES University on the Outer Ring Road and BNM Institute of Technology in Banashankari 2nd Stage make it a hub for engineering students as well as school families.',
    landmarks: [
      'PES University, Ring Road campus',
      'BNM Institute of Technology',
      'Banashankari Amma Temple',
      'Banashankari bus terminal',
    ],
    popularSubjects: [
      'Mathematics',
      'Physics',
      'Chemistry',
      'Computer Science',
      'Engineering Mathematics',
      'Data Structures',
    ],
    popularBoards: ['CBSE', 'Karnataka State Board', 'Karnataka PUC', 'Engineering (VTU)'],
    nearbyAreas: ['jayanagar-bangalore', 'jp-nagar-bangalore', 'basavanagudi-bangalore'],
    nearbyLocalities: ['Kumaraswamy Layout', 'Padmanabhanagar', 'Girinagar', 'Uttarahalli'],
    travel:
      'Banashankari metro station on the Green Line and the big bus terminal make it one of the easiest areas for tutors to reach. Because the stages are spread out, ask for a tutor in your own stage if you want shorter travel and more flexible timings.',
    faqs: [
      {
        question: 'Can engineering students in Banashankari find tutors for college subjects?',
        answer:
          'Yes. Students from PES University, BNMIT and nearby colleges find tutors for Engineering Mathematics, programming, Data Structures and core branch subjects.',
      },
      {
        question: 'Which stages of Banashankari do tutors cover?',
        answer:
          'Tutors cover Banashankari 1st, 2nd, 3rd and 6th Stage as well as Kumaraswamy Layout, Padmanabhanagar and Girinagar.',
      },
      {
        question: 'Are there tutors for Class 10 board exam preparation in Banashankari?',
        answer:
          'Yes. Class 10 revision for CBSE and the Karnataka SSLC exam is one of the most common requests here, usually with weekly tests and past papers.',
      },
    ],
  },
  'indiranagar-bangalore': {
    intro:
      'Indiranagar, built around 100 Feet Road and CMH Road, is one of East Bengaluru’s most sought-after neighbourhoods, with older bungalows, apartments and busy cafés side by side. National Public School, Indiranagar is here, and many families choose ICSE, IGCSE and IB schools, so tutors are often asked for exam-focused coursework help and university-application preparation.',
    landmarks: [
      'National Public School, Indiranagar',
      '100 Feet Road',
      'CMH Road',
      'HAL 2nd Stage',
    ],
    popularSubjects: [
      'Mathematics',
      'Physics',
      'English Literature',
      'French',
      'Economics',
      'IELTS',
    ],
    popularBoards: ['ICSE', 'ISC', 'IGCSE', 'IB', 'CBSE'],
    nearbyAreas: ['koramangala-bangalore'],
    nearbyLocalities: ['Domlur', 'HAL', 'CV Raman Nagar', 'Jeevan Bima Nagar', 'Ulsoor'],
    travel:
      'Indiranagar and Swami Vivekananda Road stations on the Purple Line make it easy for tutors to arrive on time. Traffic on Old Airport Road and 100 Feet Road is heavy in the evening, so many families book tutors from Domlur, HAL or Jeevan Bima Nagar, or mix home and online sessions.',
    faqs: [
      {
        question: 'Are there IB and IGCSE tutors in Indiranagar?',
        answer:
          'Yes. Indiranagar has tutors experienced with IB Diploma (including Internal Assessments and Extended Essays) and IGCSE coursework, especially in Mathematics, Sciences and English.',
      },
      {
        question: 'Can I find a French or German tutor in Indiranagar?',
        answer:
          'Yes. Foreign-language tutors are popular here, both for school second languages and for adults preparing for study or work abroad.',
      },
      {
        question: 'Do tutors help with SAT and IELTS preparation in Indiranagar?',
        answer:
          'Yes. Many students in Indiranagar prepare for universities abroad, and tutors offer SAT, IELTS and TOEFL preparation at home or online.',
      },
    ],
  },
  'whitefield-bangalore': {
    intro:
      'Whitefield grew from a quiet settlement into one of Bengaluru’s biggest IT hubs around the International Tech Park (ITPL). Its gated communities are home to many families who have moved from other states and from abroad, and the area has a large number of international and CBSE schools, while Vydehi Institute of Medical Sciences draws medical students.',
    landmarks: [
      'International Tech Park Bangalore (ITPL)',
      'Vydehi Institute of Medical Sciences',
      'Phoenix Marketcity',
      'Whitefield railway station',
    ],
    popularSubjects: ['Mathematics', 'Physics', 'Chemistry', 'Kannada', 'Hindi', 'Coding'],
    popularBoards: ['IB', 'IGCSE', 'CBSE', 'ICSE'],
    nearbyAreas: ['marathahalli-bangalore'],
    nearbyLocalities: ['Kadugodi', 'Hoodi', 'Brookefield', 'Varthur', 'Mahadevapura'],
    travel:
      'The Purple Line metro now runs all the way to Whitefield (Kadugodi), but distances inside Whitefield are large. Families usually prefer a tutor from their own community or a neighbouring one, and online classes are common for senior classes.',
    faqs: [
      {
        question: 'Can my child get help with Kannada as a second or third language in Whitefield?',
        answer:
          'Yes. Many children who have moved to Bengaluru need Kannada support, and Whitefield tutors teach it from the basics, at the pace of the school syllabus.',
      },
      {
        question: 'Are IB and IGCSE tutors available in Whitefield?',
        answer:
          'Yes. With many international schools nearby, Whitefield has tutors for IB PYP, MYP and Diploma and for Cambridge IGCSE and A Levels.',
      },
      {
        question: 'Do tutors come to gated communities in Whitefield?',
        answer:
          'Yes. Tutors regularly teach inside apartment communities; just add your community name and any gate-entry steps to your enquiry.',
      },
    ],
  },
  'marathahalli-bangalore': {
    intro:
      'Marathahalli sits where the Outer Ring Road meets Old Airport Road, surrounded by tech parks and apartment complexes. It is known across the city for its many software-training institutes, and New Horizon College of Engineering on the Outer Ring Road brings a large student population to the area.',
    landmarks: [
      'New Horizon College of Engineering',
      'Marathahalli bridge',
      'Outer Ring Road tech parks',
      'Kundalahalli Gate',
    ],
    popularSubjects: ['Mathematics', 'Physics', 'Chemistry', 'Computer Science', 'Python', 'Java'],
    popularBoards: ['CBSE', 'ICSE', 'Karnataka State Board', 'Engineering (VTU)'],
    nearbyAreas: ['whitefield-bangalore', 'bellandur-bangalore'],
    nearbyLocalities: [
      'Kundalahalli',
      'Munnekolala',
      'Kadubeesanahalli',
      'Brookefield',
      'Spice Garden',
    ],
    travel:
      'Traffic on the Outer Ring Road and around Marathahalli bridge is heavy at peak hours, so families usually pick tutors who live within a few kilometres. Online classes are popular here, especially for programming and for senior classes.',
    faqs: [
      {
        question: 'Can I find a coding or Python tutor for school students in Marathahalli?',
        answer:
          'Yes. Marathahalli has many software professionals and trainers who teach Python, Java and Scratch to school students, and Computer Science for CBSE and ICSE.',
      },
      {
        question: 'Do tutors in Marathahalli help engineering students?',
        answer:
          'Yes. Tutors near New Horizon College of Engineering and the Outer Ring Road teach engineering subjects such as programming, Data Structures and Engineering Mathematics.',
      },
      {
        question: 'Is online tuition a good option in Marathahalli?',
        answer:
          'Often, yes. It saves time lost in Outer Ring Road traffic, and you can still meet your tutor in person for a demo class or occasional revision sessions.',
      },
    ],
  },
  'bellandur-bangalore': {
    intro:
      'Bellandur, beside Bellandur Lake and the Outer Ring Road, is home to large tech parks such as RMZ Ecospace and to many high-rise communities along Sarjapur Road. Working parents here often look for reliable after-school tutors who fit evening and weekend slots, and the international schools along Sarjapur Road keep IB and IGCSE tutoring in demand.',
    landmarks: ['RMZ Ecospace', 'Bellandur Lake', 'Kaikondrahalli Lake', 'Sarjapur Road'],
    popularSubjects: ['Mathematics', 'Science', 'English', 'Hindi', 'Kannada', 'Coding'],
    popularBoards: ['CBSE', 'ICSE', 'IGCSE', 'IB'],
    nearbyAreas: ['hsr-layout-bangalore', 'marathahalli-bangalore', 'koramangala-bangalore'],
    nearbyLocalities: ['Kasavanahalli', 'Haralur', 'Kadubeesanahalli', 'Green Glen Layout'],
    travel:
      'Bellandur has no metro station yet and the Outer Ring Road junction gets congested, so most tutors come from HSR Layout, Haralur and Kasavanahalli. Online classes work well for Classes 9 to 12, with occasional home visits before exams.',
    faqs: [
      {
        question: 'Can I get an after-school tutor for evening slots in Bellandur?',
        answer:
          'Yes. Many Bellandur tutors keep 5 pm to 8 pm free for school students, and some also offer early-morning sessions before school.',
      },
      {
        question: 'Are there tutors for primary classes in Bellandur apartments?',
        answer:
          'Yes. Tutors for Classes 1 to 5 teach inside many Bellandur communities, covering all subjects, homework help and reading skills.',
      },
      {
        question: 'Do Bellandur tutors teach the IGCSE and IB curricula?',
        answer:
          'Yes. With international schools nearby on Sarjapur Road, you can find tutors familiar with IGCSE and IB Mathematics, Sciences and English.',
      },
    ],
  },
  'kalyan-nagar-bangalore': {
    intro:
      'Kalyan Nagar in North-East Bengaluru, next to HRBR Layout and the Outer Ring Road, is a popular family area with lively streets of cafés and shops. Kristu Jayanti College in nearby Kothanur and many CBSE and ICSE schools around Hennur and Banaswadi make education a big part of local life.',
    landmarks: ['Kristu Jayanti College, Kothanur', 'HRBR Layout', 'Banaswadi', 'Hennur Road'],
    popularSubjects: ['Mathematics', 'Science', 'English', 'Accountancy', 'Economics', 'Hindi'],
    popularBoards: ['ICSE', 'CBSE', 'Karnataka State Board', 'Karnataka PUC'],
    nearbyAreas: ['hebbal-bangalore'],
    nearbyLocalities: ['HRBR Layout', 'HBR Layout', 'Kammanahalli', 'Banaswadi', 'Hennur'],
    travel:
      'Kalyan Nagar lies on the Outer Ring Road between Hebbal and KR Puram, so tutors from Hennur, Banaswadi and Kammanahalli reach it quickly. Online sessions help avoid the evening traffic on the ring road.',
    faqs: [
      {
        question: 'Can college students near Kristu Jayanti find tutors for commerce subjects?',
        answer:
          'Yes. Accountancy, Economics, Business Statistics and Financial Management tutors are easy to find around Kalyan Nagar for B.Com and BBA students.',
      },
      {
        question: 'Do Kalyan Nagar tutors teach ICSE Classes 9 and 10?',
        answer:
          'Yes. ICSE is popular in this part of the city, and many tutors specialise in ICSE Mathematics, Physics, Chemistry and English for the board years.',
      },
      {
        question: 'Which nearby areas do Kalyan Nagar tutors cover?',
        answer:
          'Most also cover HRBR Layout, HBR Layout, Kammanahalli, Banaswadi and Hennur, all a short ride away.',
      },
    ],
  },
  'koramangala-bangalore': {
    intro:
      'Koramangala is Bengaluru’s best-known startup neighbourhood, laid out in blocks from 1st to 8th, with the National Games Village, a busy mall and a lively food scene. It is also an education hub: St. John’s Medical College, Jyoti Nivas College and Christ University are on or near its edges, and schools such as Bethany High and National Public School, Koramangala are close by.',
    landmarks: [
      'St. John’s Medical College',
      'Jyoti Nivas College',
      'Christ University',
      'Bethany High School',
      'National Public School, Koramangala',
    ],
    popularSubjects: ['Mathematics', 'Physics', 'Chemistry', 'Biology', 'English', 'Economics'],
    popularBoards: ['CBSE', 'ICSE', 'IGCSE', 'IB', 'NEET'],
    nearbyAreas: [
      'hsr-layout-bangalore',
      'btm-layout-bangalore',
      'indiranagar-bangalore',
      'bellandur-bangalore',
    ],
    nearbyLocalities: ['Ejipura', 'Madiwala', 'Adugodi', 'Domlur'],
    travel:
      'Tutors from BTM Layout, HSR Layout and Ejipura reach most Koramangala blocks quickly. Sony World junction and Silk Board can slow evening travel, so plan a little buffer or choose online sessions on busy days.',
    faqs: [
      {
        question: 'Are NEET Biology and Chemistry tutors available in Koramangala?',
        answer:
          'Yes. With medical colleges nearby, Koramangala has tutors who prepare students for NEET alongside the Class 11 and 12 syllabus, with regular mock tests.',
      },
      {
        question: 'Can I find tutors for IB and IGCSE in Koramangala?',
        answer:
          'Yes. Koramangala families often choose international curricula, and experienced IB and IGCSE tutors teach here at home and online.',
      },
      {
        question: 'Which Koramangala blocks do tutors cover?',
        answer:
          'Tutors cover all blocks from 1st to 8th, the National Games Village and nearby Ejipura and Adugodi.',
      },
    ],
  },
  'hsr-layout-bangalore': {
    intro:
      'HSR Layout, planned in seven sectors off Hosur Road and Sarjapur Road, is a favourite with young families and startup professionals. Wide roads, parks and Agara Lake make it pleasant to live in, and National Public School, HSR Layout and The Oxford College of Engineering nearby keep demand for tutors high from primary classes to engineering.',
    landmarks: [
      'National Public School, HSR Layout',
      'The Oxford College of Engineering',
      'Agara Lake',
      'HSR BDA Complex',
    ],
    popularSubjects: ['Mathematics', 'Physics', 'Chemistry', 'Science', 'English', 'Coding'],
    popularBoards: ['CBSE', 'ICSE', 'IGCSE', 'JEE Main'],
    nearbyAreas: ['koramangala-bangalore', 'btm-layout-bangalore', 'bellandur-bangalore'],
    nearbyLocalities: ['Agara', 'Bommanahalli', 'Parangipalya', 'Somasundarapalya'],
    travel:
      'HSR’s sectors are close to each other, so most tutors are local. Central Silk Board and Bommanahalli stations on the Yellow Line metro help tutors coming from further away, and online classes cover busy weekdays.',
    faqs: [
      {
        question: 'Can I find a JEE Main tutor in HSR Layout?',
        answer:
          'Yes. HSR Layout has tutors with engineering backgrounds who teach Physics, Chemistry and Mathematics for JEE Main alongside the CBSE Class 11 and 12 syllabus.',
      },
      {
        question: 'Do tutors cover all seven sectors of HSR Layout?',
        answer:
          'Yes, and most also cover Agara, Parangipalya and Somasundarapalya. Mention your sector in the enquiry so the closest tutors see it.',
      },
      {
        question: 'Are coding classes for school students available in HSR Layout?',
        answer:
          'Yes. Many tutors in HSR work in technology and teach Scratch, Python and web basics to children, as well as school Computer Science.',
      },
    ],
  },
  'jp-nagar-bangalore': {
    intro:
      'JP Nagar (Jayaprakash Narayan Nagar) stretches across nine phases south of Jayanagar, between Bannerghatta Road and Kanakapura Road. It is a settled family neighbourhood with the JP Nagar Mini Forest, Puttenahalli Lake and plenty of schools, and the Dayananda Sagar colleges are close by, so tutors here cover everything from primary classes to PUC and entrance exams.',
    landmarks: [
      'JP Nagar Mini Forest',
      'Puttenahalli Lake',
      'Bannerghatta Road',
      'Dayananda Sagar institutions, Kumaraswamy Layout',
    ],
    popularSubjects: ['Mathematics', 'Physics', 'Chemistry', 'Biology', 'Kannada', 'Hindi'],
    popularBoards: ['CBSE', 'ICSE', 'Karnataka State Board', 'Karnataka PUC', 'KCET'],
    nearbyAreas: ['jayanagar-bangalore', 'banashankari-bangalore', 'btm-layout-bangalore'],
    nearbyLocalities: ['Puttenahalli', 'Sarakki', 'Arekere', 'Bilekahalli'],
    travel:
      'JP Nagar station on the Green Line serves the northern phases, and Bannerghatta Road buses serve the rest. Tutors usually travel within a couple of phases; crossing from 1st to 9th Phase at peak hours can take time, so choose someone close by for daily classes.',
    faqs: [
      {
        question: 'Do tutors cover all phases of JP Nagar?',
        answer:
          'Yes. Tutors live and teach across 1st to 9th Phase. For daily classes, mention your phase so you are matched with someone nearby.',
      },
      {
        question: 'Can I find a tutor for KCET and PUC Science in JP Nagar?',
        answer:
          'Yes. PUC Physics, Chemistry, Mathematics and Biology with KCET practice are among the most common requests in JP Nagar.',
      },
      {
        question: 'Are Kannada and Hindi language tutors available in JP Nagar?',
        answer:
          'Yes. Language tutors here teach Kannada and Hindi as second or third languages for CBSE and ICSE, and spoken Kannada for newcomers.',
      },
    ],
  },
  'btm-layout-bangalore': {
    intro:
      'BTM Layout (Byrasandra, Tavarekere, Madiwala) is a busy, central area between Koramangala, Jayanagar and HSR Layout, close to Madiwala Lake and Silk Board junction. With many paying-guest homes and coaching centres it is one of the city’s biggest student hubs, so tutors for competitive exams and college subjects are as easy to find as school tutors.',
    landmarks: [
      'Madiwala Lake',
      'Udupi Garden junction',
      'Central Silk Board junction',
      'Tavarekere Main Road',
    ],
    popularSubjects: [
      'Mathematics',
      'Physics',
      'Quantitative Aptitude',
      'Reasoning',
      'English',
      'Computer Science',
    ],
    popularBoards: ['CBSE', 'Karnataka State Board', 'CAT', 'GATE', 'Bank Exams', 'SSC'],
    nearbyAreas: [
      'koramangala-bangalore',
      'jayanagar-bangalore',
      'jp-nagar-bangalore',
      'hsr-layout-bangalore',
    ],
    nearbyLocalities: ['Madiwala', 'Tavarekere', 'Bilekahalli', 'NS Palya'],
    travel:
      'BTM Layout and Central Silk Board stations on the Yellow Line metro have made the area much easier to reach. Inside BTM, most tutors walk or take a short ride; weekend batches and online sessions suit working professionals.',
    faqs: [
      {
        question: 'Can I find tutors for CAT, GATE or bank exams in BTM Layout?',
        answer:
          'Yes. BTM Layout has many tutors for Quantitative Aptitude, Reasoning and English for CAT and bank exams, and subject experts for GATE.',
      },
      {
        question: 'Are there tutors for working professionals in BTM Layout?',
        answer:
          'Yes. Many tutors offer late-evening and weekend sessions for professionals preparing for exams, certifications or spoken English.',
      },
      {
        question: 'Do BTM Layout tutors also teach school students?',
        answer:
          'Yes. Alongside exam coaching, BTM has plenty of home tutors for Classes 1 to 12 across CBSE, ICSE and the state board.',
      },
    ],
  },
  'electronic-city-bangalore': {
    intro:
      'Electronic City, on Hosur Road in South Bengaluru, is one of India’s best-known IT parks, with large campuses such as Infosys and Wipro and PES University’s Electronic City campus. Families in Phase 1, Phase 2 and the apartment clusters along Neeladri Road and Hosa Road look for tutors who can come after school and support CBSE and ICSE syllabi.',
    landmarks: [
      'PES University, Electronic City campus',
      'Infosys and Wipro campuses',
      'Neeladri Road',
      'Hosur Road elevated expressway',
    ],
    popularSubjects: ['Mathematics', 'Science', 'Computer Science', 'English', 'Hindi', 'Coding'],
    popularBoards: ['CBSE', 'ICSE', 'JEE Main', 'Karnataka State Board'],
    nearbyAreas: ['hsr-layout-bangalore', 'btm-layout-bangalore'],
    nearbyLocalities: ['Hosa Road', 'Bommasandra', 'Hebbagodi', 'Begur', 'Huskur'],
    travel:
      'The Yellow Line metro and the elevated Hosur Road expressway link Electronic City to the rest of Bengaluru, but it is still a long way from the centre. Most families choose tutors who live in Electronic City or nearby, or opt for online classes.',
    faqs: [
      {
        question: 'Are tutors available in Electronic City Phase 1 and Phase 2?',
        answer:
          'Yes. Tutors live in both phases and in the communities along Neeladri Road, Hosa Road and Bommasandra, so home classes are easy to arrange.',
      },
      {
        question: 'Can I find a tutor for JEE Main preparation in Electronic City?',
        answer:
          'Yes. Many tutors with engineering backgrounds live near the IT campuses and teach Physics, Chemistry and Mathematics for JEE Main.',
      },
      {
        question: 'Is online tuition common in Electronic City?',
        answer:
          'Yes. Because of the distance from central Bengaluru, many families combine a local home tutor with online sessions from specialists elsewhere in the city.',
      },
    ],
  },
  'yelahanka-bangalore': {
    intro:
      'Yelahanka, in the city’s north on the way to Kempegowda International Airport, combines an old town, the Yelahanka New Town layouts and the Air Force Station that hosts Aero India. It has a strong higher-education presence, including Nitte Meenakshi Institute of Technology, REVA University and Presidency University, along with many CBSE and ICSE schools.',
    landmarks: [
      'Nitte Meenakshi Institute of Technology',
      'REVA University',
      'Presidency University',
      'Yelahanka Air Force Station',
    ],
    popularSubjects: [
      'Mathematics',
      'Physics',
      'Chemistry',
      'Biology',
      'Engineering Mathematics',
      'Electronics',
    ],
    popularBoards: ['CBSE', 'ICSE', 'Karnataka PUC', 'JEE Main', 'NEET', 'Engineering (VTU)'],
    nearbyAreas: ['hebbal-bangalore'],
    nearbyLocalities: ['Jakkur', 'Kogilu', 'Attur Layout', 'Doddaballapur Road'],
    travel:
      'Yelahanka is spread out, and the distances between Old Town, New Town and the layouts off Doddaballapur Road matter. Most families choose tutors from within Yelahanka, and online classes are popular for entrance-exam preparation.',
    faqs: [
      {
        question:
          'Can students from REVA, NMIT or Presidency University find subject tutors in Yelahanka?',
        answer:
          'Yes. Tutors in Yelahanka teach engineering and science subjects such as Mathematics, Electronics and programming to college students, around their semester schedules.',
      },
      {
        question: 'Are there NEET and JEE tutors in Yelahanka?',
        answer:
          'Yes. Yelahanka has tutors for NEET Biology, Physics and Chemistry and for JEE Mathematics and Physics, at home or online.',
      },
      {
        question: 'Do tutors travel to Yelahanka New Town and the layouts near the airport road?',
        answer:
          'Yes. Tutors cover Yelahanka Old Town, New Town, Jakkur, Kogilu and Attur Layout; mention your layout so nearby tutors respond first.',
      },
    ],
  },
  'hebbal-bangalore': {
    intro:
      'Hebbal, known for its flyover and Hebbal Lake, is the gateway between central Bengaluru and the airport road. Manyata Tech Park in nearby Nagawara brings many working parents to the area, and the University of Agricultural Sciences’ Hebbal campus and the schools around Sahakar Nagar make it a steady market for home tuition.',
    landmarks: [
      'University of Agricultural Sciences, Hebbal campus',
      'Hebbal Lake',
      'Manyata Tech Park',
      'Hebbal flyover',
    ],
    popularSubjects: ['Mathematics', 'Physics', 'Chemistry', 'Biology', 'English', 'Hindi'],
    popularBoards: ['CBSE', 'ICSE', 'Karnataka PUC', 'KCET', 'NEET'],
    nearbyAreas: ['rt-nagar-bangalore', 'yelahanka-bangalore', 'kalyan-nagar-bangalore'],
    nearbyLocalities: ['Sahakar Nagar', 'Kempapura', 'Nagawara', 'Ganganagar'],
    travel:
      'The Hebbal flyover and the Outer Ring Road junction get very busy at peak hours, so families often choose tutors from Sahakar Nagar, RT Nagar or Kempapura. Online classes are popular with parents working at Manyata Tech Park.',
    faqs: [
      {
        question: 'Can I find KCET or NEET tutors in Hebbal?',
        answer:
          'Yes. Hebbal tutors prepare PUC and CBSE students for KCET, including its agriculture and veterinary streams, and for NEET.',
      },
      {
        question: 'Do Hebbal tutors come to Sahakar Nagar and Kempapura?',
        answer:
          'Yes. These neighbourhoods are next to Hebbal and most tutors here cover them, along with Nagawara and Ganganagar.',
      },
      {
        question: 'Are evening tutors available for working parents near Manyata Tech Park?',
        answer:
          'Yes. Many tutors offer sessions from 6 pm onwards and at weekends, at home or online, to fit around office hours.',
      },
    ],
  },
};

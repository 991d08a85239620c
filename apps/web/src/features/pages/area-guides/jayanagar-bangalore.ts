import type { AreaGuide } from '../area-guides.ts';

export const guide: AreaGuide = {
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
};

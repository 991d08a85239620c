import type { AreaGuide } from '../area-guides.ts';

export const guide: AreaGuide = {
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
};

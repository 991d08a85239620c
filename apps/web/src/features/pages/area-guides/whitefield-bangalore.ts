import type { AreaGuide } from '../area-guides.ts';

export const guide: AreaGuide = {
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
};

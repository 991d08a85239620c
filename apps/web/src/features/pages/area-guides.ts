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

/**
 * Each area's guide is a module of its own (`area-guides/{slug}.ts`), so a page
 * loads the text of its area only: on the server for the first render (it then
 * travels in the page's loader data), in the browser on navigation.
 */
const GUIDE_MODULES: Readonly<Record<AreaSlug, () => Promise<{ guide: AreaGuide }>>> = {
  'jayanagar-bangalore': () => import('./area-guides/jayanagar-bangalore.ts'),
  'basavanagudi-bangalore': () => import('./area-guides/basavanagudi-bangalore.ts'),
  'rajajinagar-bangalore': () => import('./area-guides/rajajinagar-bangalore.ts'),
  'rt-nagar-bangalore': () => import('./area-guides/rt-nagar-bangalore.ts'),
  'banashankari-bangalore': () => import('./area-guides/banashankari-bangalore.ts'),
  'indiranagar-bangalore': () => import('./area-guides/indiranagar-bangalore.ts'),
  'whitefield-bangalore': () => import('./area-guides/whitefield-bangalore.ts'),
  'marathahalli-bangalore': () => import('./area-guides/marathahalli-bangalore.ts'),
  'bellandur-bangalore': () => import('./area-guides/bellandur-bangalore.ts'),
  'kalyan-nagar-bangalore': () => import('./area-guides/kalyan-nagar-bangalore.ts'),
  'koramangala-bangalore': () => import('./area-guides/koramangala-bangalore.ts'),
  'hsr-layout-bangalore': () => import('./area-guides/hsr-layout-bangalore.ts'),
  'jp-nagar-bangalore': () => import('./area-guides/jp-nagar-bangalore.ts'),
  'btm-layout-bangalore': () => import('./area-guides/btm-layout-bangalore.ts'),
  'electronic-city-bangalore': () => import('./area-guides/electronic-city-bangalore.ts'),
  'yelahanka-bangalore': () => import('./area-guides/yelahanka-bangalore.ts'),
  'hebbal-bangalore': () => import('./area-guides/hebbal-bangalore.ts'),
};

export function hasAreaGuide(slug: string): slug is AreaSlug {
  return Object.hasOwn(GUIDE_MODULES, slug);
}

export async function loadAreaGuide(slug: AreaSlug): Promise<AreaGuide> {
  return (await GUIDE_MODULES[slug]()).guide;
}

/**
 * The 17 Bangalore areas with search-engine landing pages at /home-tutors-in/{slug} (part 1
 * §3), and the zones of the footer block 'Find Home Tutors Across Bangalore'. Coordinates and
 * pincodes are approximate locality centres.
 */
export const AREA_ZONES = ['Central', 'East', 'South', 'North', 'More Areas'] as const;

export type AreaZone = (typeof AREA_ZONES)[number];

export interface Area {
  readonly slug: string;
  readonly name: string;
  readonly zone: AreaZone;
  readonly latitude: number;
  readonly longitude: number;
  readonly pincode: string;
}

export const AREAS = [
  {
    slug: 'jayanagar-bangalore',
    name: 'Jayanagar',
    zone: 'Central',
    latitude: 12.925,
    longitude: 77.5938,
    pincode: '560041',
  },
  {
    slug: 'basavanagudi-bangalore',
    name: 'Basavanagudi',
    zone: 'Central',
    latitude: 12.9421,
    longitude: 77.5737,
    pincode: '560004',
  },
  {
    slug: 'rajajinagar-bangalore',
    name: 'Rajajinagar',
    zone: 'Central',
    latitude: 12.991,
    longitude: 77.5525,
    pincode: '560010',
  },
  {
    slug: 'rt-nagar-bangalore',
    name: 'RT Nagar',
    zone: 'North',
    latitude: 13.0213,
    longitude: 77.5946,
    pincode: '560032',
  },
  {
    slug: 'banashankari-bangalore',
    name: 'Banashankari',
    zone: 'South',
    latitude: 12.9255,
    longitude: 77.5468,
    pincode: '560050',
  },
  {
    slug: 'indiranagar-bangalore',
    name: 'Indiranagar',
    zone: 'East',
    latitude: 12.9719,
    longitude: 77.6412,
    pincode: '560038',
  },
  {
    slug: 'whitefield-bangalore',
    name: 'Whitefield',
    zone: 'East',
    latitude: 12.9698,
    longitude: 77.75,
    pincode: '560066',
  },
  {
    slug: 'marathahalli-bangalore',
    name: 'Marathahalli',
    zone: 'East',
    latitude: 12.9569,
    longitude: 77.7011,
    pincode: '560037',
  },
  {
    slug: 'bellandur-bangalore',
    name: 'Bellandur',
    zone: 'East',
    latitude: 12.9304,
    longitude: 77.6784,
    pincode: '560103',
  },
  {
    slug: 'kalyan-nagar-bangalore',
    name: 'Kalyan Nagar',
    zone: 'East',
    latitude: 13.022,
    longitude: 77.64,
    pincode: '560043',
  },
  {
    slug: 'koramangala-bangalore',
    name: 'Koramangala',
    zone: 'South',
    latitude: 12.9352,
    longitude: 77.6245,
    pincode: '560034',
  },
  {
    slug: 'hsr-layout-bangalore',
    name: 'HSR Layout',
    zone: 'South',
    latitude: 12.9116,
    longitude: 77.6389,
    pincode: '560102',
  },
  {
    slug: 'jp-nagar-bangalore',
    name: 'JP Nagar',
    zone: 'South',
    latitude: 12.9063,
    longitude: 77.5857,
    pincode: '560078',
  },
  {
    slug: 'btm-layout-bangalore',
    name: 'BTM Layout',
    zone: 'South',
    latitude: 12.9166,
    longitude: 77.6101,
    pincode: '560076',
  },
  {
    slug: 'electronic-city-bangalore',
    name: 'Electronic City',
    zone: 'More Areas',
    latitude: 12.8452,
    longitude: 77.6602,
    pincode: '560100',
  },
  {
    slug: 'yelahanka-bangalore',
    name: 'Yelahanka',
    zone: 'North',
    latitude: 13.1007,
    longitude: 77.5963,
    pincode: '560064',
  },
  {
    slug: 'hebbal-bangalore',
    name: 'Hebbal',
    zone: 'North',
    latitude: 13.0358,
    longitude: 77.597,
    pincode: '560024',
  },
] as const satisfies readonly Area[];

export type AreaSlug = (typeof AREAS)[number]['slug'];

export function findAreaBySlug(slug: string): Area | undefined {
  return AREAS.find((area) => area.slug === slug);
}

export function areaPath(slug: string): string {
  return `/home-tutors-in/${slug}`;
}

import { AREAS } from '@gurumatch/shared/catalogues/areas';
import { REVERSE_PLACE_MAX_KM } from '@gurumatch/shared/schemas/geo';
import { describe, expect, it } from 'vitest';

import { createGazetteer } from './gazetteer.ts';

const gazetteer = createGazetteer();

async function firstDescriptions(query: string, limit = 6): Promise<string[]> {
  return (await gazetteer.autocomplete(query, limit)).map((result) => result.description);
}

describe('gazetteer autocomplete', () => {
  it("puts Koramangala first for 'kora'", async () => {
    const [first] = await gazetteer.autocomplete('kora', 6);
    expect(first).toEqual({
      place_id: 'gz-in-ka-bengaluru-koramangala',
      description: 'Koramangala, Bengaluru, Karnataka 560034, India',
    });
  });

  it('ignores case and surrounding spaces', async () => {
    expect(await gazetteer.autocomplete('  KORAMANGALA ', 6)).toEqual(
      await gazetteer.autocomplete('koramangala', 6),
    );
  });

  it("finds HSR Layout for 'hsr'", async () => {
    expect((await firstDescriptions('hsr'))[0]).toBe(
      'HSR Layout, Bengaluru, Karnataka 560102, India',
    );
  });

  it("finds Mumbai localities for 'andheri'", async () => {
    const descriptions = await firstDescriptions('andheri');
    expect(descriptions.length).toBeGreaterThanOrEqual(2);
    for (const description of descriptions)
      expect(description).toMatch(/^Andheri .*, Mumbai, Maharashtra \d{6}, India$/);
  });

  it('matches the start of any word of the locality before a match inside a word', async () => {
    // 'nagar' starts a word in 'Kalyan Nagar' and sits inside 'Jayanagar'.
    const descriptions = await firstDescriptions('nagar', 50);
    const wordStart = descriptions.findIndex((text) => text.startsWith('Kalyan Nagar,'));
    const inside = descriptions.findIndex((text) => text.startsWith('Jayanagar,'));
    expect(wordStart).toBeGreaterThanOrEqual(0);
    expect(inside).toBeGreaterThan(wordStart);
  });

  it('finds the localities of a city by the city name, the city itself first', async () => {
    const descriptions = await firstDescriptions('pune');
    expect(descriptions[0]).toBe('Pune, Maharashtra 411001, India');
    expect(descriptions.slice(1).every((text) => text.includes(', Pune, Maharashtra'))).toBe(true);
  });

  it('knows the other names of cities', async () => {
    expect((await firstDescriptions('bangalore'))[0]).toBe('Bengaluru, Karnataka 560001, India');
    expect((await firstDescriptions('koramangala bangalore'))[0]).toMatch(
      /^Koramangala, Bengaluru/,
    );
    expect((await firstDescriptions('gurgaon'))[0]).toBe('Gurugram, Haryana 122001, India');
    expect((await firstDescriptions('delhi'))[0]).toBe('New Delhi, Delhi 110001, India');
  });

  it('finds a place by several words and by pincode', async () => {
    expect((await firstDescriptions('koramangala bengaluru'))[0]).toMatch(
      /^Koramangala, Bengaluru/,
    );
    expect(await firstDescriptions('560034')).toContain(
      'Koramangala, Bengaluru, Karnataka 560034, India',
    );
  });

  it('finds Delhi, Gurugram and Noida localities', async () => {
    expect((await firstDescriptions('saket'))[0]).toBe('Saket, New Delhi, Delhi 110017, India');
    expect((await firstDescriptions('cyber city'))[0]).toMatch(
      /, Gurugram, Haryana 122002, India$/,
    );
    expect((await firstDescriptions('sector 62'))[0]).toMatch(/, Noida, Uttar Pradesh/);
  });

  it("finds 'Koramangala 5th Block' itself, first, and by partial words in any order", async () => {
    const fifth = 'Koramangala 5th Block, Bengaluru, Karnataka 560095, India';
    expect(await firstDescriptions('Koramangala 5th Block')).toEqual([fifth]);
    expect((await firstDescriptions('koramangala 5th block, bangalore'))[0]).toBe(fifth);
    expect((await firstDescriptions('kora 5th'))[0]).toBe(fifth);
    expect((await firstDescriptions('kor 5'))[0]).toBe(fifth);
    expect((await firstDescriptions('5th block kora'))[0]).toBe(fifth);
    expect((await firstDescriptions('Koramangala 5'))[0]).toBe(fifth);
  });

  it('keeps the whole area before its blocks, and lists the blocks after it', async () => {
    const descriptions = await firstDescriptions('koramangala');
    expect(descriptions[0]).toBe('Koramangala, Bengaluru, Karnataka 560034, India');
    expect(descriptions.slice(1).every((text) => /^Koramangala \d\w\w Block,/.test(text))).toBe(
      true,
    );
  });

  it('knows the phases, sectors and stages people write', async () => {
    expect((await firstDescriptions('jp nagar 7th phase'))[0]).toMatch(/^JP Nagar 7th Phase,/);
    expect((await firstDescriptions('hsr sector 2'))[0]).toMatch(/^HSR Layout Sector 2,/);
    expect((await firstDescriptions('btm 2nd stage'))[0]).toMatch(/^BTM Layout 2nd Stage,/);
    expect((await firstDescriptions('jayanagar 4th'))[0]).toMatch(/^Jayanagar 4th Block,/);
  });

  it('finds the area in a full address, preferring the later words', async () => {
    expect((await firstDescriptions('#12, 4th Cross, Koramangala 5th Block'))[0]).toBe(
      'Koramangala 5th Block, Bengaluru, Karnataka 560095, India',
    );
    // a block it does not know: the blocks of that area come up, nothing else
    const unknownBlock = await firstDescriptions('Koramangala 9th Block');
    expect(unknownBlock).toHaveLength(6);
    expect(unknownBlock.every((text) => text.startsWith('Koramangala '))).toBe(true);
  });

  it('honours the limit', async () => {
    expect(await gazetteer.autocomplete('a', 6)).toHaveLength(6);
    expect(await gazetteer.autocomplete('a', 2)).toHaveLength(2);
    expect(await gazetteer.autocomplete('a', 0)).toEqual([]);
  });

  it('answers nothing for blank or unknown text', async () => {
    expect(await gazetteer.autocomplete('   ', 6)).toEqual([]);
    expect(await gazetteer.autocomplete('qqqxyz', 6)).toEqual([]);
  });

  it.each(AREAS.map((area) => area.name))(
    'finds the Bangalore area %s by its name',
    async (name) => {
      expect((await firstDescriptions(name))[0]).toMatch(
        new RegExp(`^${name}, Bengaluru, Karnataka`),
      );
    },
  );
});

describe('gazetteer place and reverse', () => {
  it('resolves a place id to its address parts', async () => {
    expect(await gazetteer.place('gz-in-ka-bengaluru-koramangala')).toEqual({
      place_id: 'gz-in-ka-bengaluru-koramangala',
      formatted_address: 'Koramangala, Bengaluru, Karnataka 560034, India',
      city: 'Bengaluru',
      district: 'Bengaluru Urban',
      state: 'Karnataka',
      country: 'India',
      latitude: 12.9352,
      longitude: 77.6245,
    });
  });

  it('answers null for an unknown place id', async () => {
    expect(await gazetteer.place('gz-in-ka-bengaluru-atlantis')).toBeNull();
  });

  it("gives Koramangala for Koramangala's coordinates, and the nearest place close by", async () => {
    expect((await gazetteer.reverse(12.9352, 77.6245))?.place_id).toBe(
      'gz-in-ka-bengaluru-koramangala',
    );
    expect((await gazetteer.reverse(12.936, 77.625))?.place_id).toBe(
      'gz-in-ka-bengaluru-koramangala',
    );
    expect((await gazetteer.reverse(19.136, 72.83))?.place_id).toBe('gz-in-mh-mumbai-andheri-west');
  });

  it(`answers no place when the nearest listed one is more than ${String(REVERSE_PLACE_MAX_KM)} km away`, async () => {
    // Koramangala moved about 4 km north still finds a place; the middle of the Thar desert does not
    expect(await gazetteer.reverse(12.9712, 77.6245)).not.toBeNull();
    expect(await gazetteer.reverse(27.0, 71.0)).toBeNull();
    // a place about 6 km from the only listed one is refused, one about 3 km away is not
    const own = createGazetteer([
      {
        place_id: 'gz-one',
        formatted_address: 'One',
        city: 'C',
        district: 'D',
        state: 'S',
        country: 'India',
        latitude: 10,
        longitude: 10,
      },
    ]);
    expect((await own.reverse(10.027, 10))?.place_id).toBe('gz-one');
    expect(await own.reverse(10.054, 10)).toBeNull();
  });

  it('searches a list of its own when given one', async () => {
    const own = createGazetteer([
      {
        place_id: 'gz-test',
        formatted_address: 'Testpur, Test City, Test State 100001, India',
        city: 'Test City',
        district: 'Test District',
        state: 'Test State',
        country: 'India',
        latitude: 10,
        longitude: 10,
      },
    ]);
    expect(await own.autocomplete('testp', 6)).toEqual([
      { place_id: 'gz-test', description: 'Testpur, Test City, Test State 100001, India' },
    ]);
    expect((await own.reverse(10.01, 10))?.place_id).toBe('gz-test');
  });
});

// `npm run brands:update`: writes apps/ocr-service/data/brands.json, the compact brand directory
// ocr-service reads at start, from the pinned `name-suggestion-index` package (OpenStreetMap's
// canonical brand names, BSD-3-Clause) and its Wikidata extract (CC0): for each brand that prints
// receipts, the name as the brand spells itself, the names it is also printed under, the
// countries it trades in (regions resolved with country-coder) and the hosts of its web sites.
// Run it after updating the package; a unit test fails while the file is older than the package.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { featuresIn, feature, iso1A2Code, isIn } from '@rapideditor/country-coder';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = path.join(ROOT, 'apps/ocr-service/data/brands.json');
const require = createRequire(import.meta.url);
// The package's `exports` map hides its data files; its main module sits in dist/js/.
const NSI = path.resolve(path.dirname(require.resolve('name-suggestion-index')), '../..');
const readJson = (file) => JSON.parse(readFileSync(path.join(NSI, file), 'utf8'));

/** Categories whose brands print receipts: shops, places to eat and drink, fuel, pharmacies, hotels. */
const CATEGORIES =
  /^brands\/(shop\/|amenity\/(restaurant|fast_food|cafe|fuel|pharmacy|pub|bar|biergarten|ice_cream|food_court|car_rental|car_wash|cinema|bicycle_rental)$|tourism\/(hotel|motel|hostel|guest_house)$|leisure\/(fitness_centre|bowling_alley)$)/;

const nsi = readJson('dist/json/nsi.min.json');
const wikidata = readJson('dist/wikidata/wikidata.min.json').wikidata;

// NSI's custom areas ("aldi-sued.geojson") stand for the country holding the middle of their
// largest polygon.
const areas = new Map();
for (const f of readJson('dist/json/featureCollection.min.json').features) {
  const polygons =
    f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates;
  const ring = polygons.map((p) => p[0]).reduce((a, b) => (b.length > a.length ? b : a));
  const mid = [0, 1].map((k) => ring.reduce((sum, point) => sum + point[k], 0) / ring.length);
  const code = iso1A2Code(mid);
  if (code) areas.set(f.id, code);
}

const COUNTRIES = featuresIn('001', true)
  .map((f) => f.properties.iso1A2)
  .filter((code) => (code && feature(code)?.properties.level !== 'territory' ? true : !!code));
const countries = [...new Set(COUNTRIES)].sort();

const memo = new Map();
function contains(outer, inner) {
  const id = `${outer}>${inner}`;
  if (!memo.has(id)) {
    let answer = false;
    try {
      answer = isIn(inner, outer);
    } catch {
      answer = false;
    }
    memo.set(id, answer);
  }
  return memo.get(id);
}
const resolve = (code) =>
  typeof code === 'string' && code.endsWith('.geojson') ? areas.get(code) : code;

/** The ISO countries a locationSet covers: `["DE","AT"]`, or `"*"` with the ones left out. */
function tradeCountries(locationSet) {
  const include = (locationSet.include ?? ['001']).map(resolve);
  // An excluded custom area is part of a country, never all of it: only exclude whole codes.
  const exclude = (locationSet.exclude ?? []).filter(
    (code) => typeof code === 'string' && !code.endsWith('.geojson'),
  );
  // A point with a radius, or an area we could not place: unknown.
  if (include.some((code) => typeof code !== 'string')) return null;
  const fits = (country) =>
    include.some((code) => contains(code, country) || contains(country, code)) &&
    !exclude.some((code) => contains(code, country));
  const inside = countries.filter(fits);
  if (inside.length <= countries.length / 2) return inside;
  return { except: countries.filter((country) => !fits(country)) };
}

function hosts(qid) {
  const entry = qid ? wikidata[qid] : undefined;
  const urls = [...(entry?.officialWebsites ?? []), entry?.identities?.website].filter(Boolean);
  const out = new Set();
  for (const url of urls) {
    try {
      out.add(new URL(url).hostname.toLowerCase().replace(/^www\d?\./, ''));
    } catch {
      // not a URL: skip
    }
  }
  return [...out];
}

const brands = [];
for (const [category, { items }] of Object.entries(nsi.nsi)) {
  if (!CATEGORIES.test(category)) continue;
  for (const item of items) {
    const name = item.tags.brand ?? item.tags.name ?? item.displayName;
    const also = [item.tags.name, item.tags['name:en'], ...(item.matchNames ?? [])].filter(
      (other) => other && other.toLowerCase() !== name.toLowerCase(),
    );
    const entry = { name, trades: tradeCountries(item.locationSet) };
    if (also.length > 0) entry.also = [...new Set(also)];
    const sites = hosts(item.tags['brand:wikidata']);
    if (sites.length > 0) entry.hosts = sites;
    brands.push(entry);
  }
}

const out = {
  source: `name-suggestion-index ${nsi._meta.version} (BSD-3-Clause), Wikidata (CC0)`,
  version: nsi._meta.version,
  brands,
};
writeFileSync(OUT, `${JSON.stringify(out)}\n`);
process.stdout.write(`brands: ${brands.length} brands written to ${path.relative(ROOT, OUT)}\n`);

// Reverse geocoding (issue 14): the first lookup's cost (loading 135,000 cities) and lookups per second after it,
// over random points on land near cities (Europe and the Middle East) and over random points anywhere (mostly sea).
// Usage: npm run build -w apps/server && node bench/geocode.mjs [lookups=100000]
import { performance } from 'node:perf_hooks';

const n = Number(process.argv[2] ?? 100000);
const { reverseGeocode } = await import('../apps/server/dist/infra/geo/reverse-geocoder.js');

let seed = 42;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);

const heapBefore = process.memoryUsage().heapUsed;
let t = performance.now();
reverseGeocode(41.0082, 28.9784);
const firstMs = performance.now() - t;
const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;

function run(label, point) {
  const points = Array.from({ length: n }, point);
  let named = 0;
  t = performance.now();
  for (const [lat, lon] of points) if (reverseGeocode(lat, lon).city) named += 1;
  const ms = performance.now() - t;
  console.log(`${label}: ${Math.round((n / ms) * 1000).toLocaleString('en')} lookups/s (${(ms / n * 1000).toFixed(1)} µs each), ${Math.round((named / n) * 100)} % named a city`);
}

console.log(`first lookup (loads the data): ${Math.round(firstMs)} ms, heap +${Math.round(heapMb)} MB`);
run('Europe and the Middle East (lat 30..60, lon -10..50)', () => [30 + random() * 30, -10 + random() * 60]);
run('anywhere on the globe', () => [Math.asin(2 * random() - 1) * (180 / Math.PI), -180 + random() * 360]);

import autocannon from 'autocannon';
const base = 'http://127.0.0.1:3917';
const words = ['hammer', 'hamer', 'driver screw', 'hm-claw-48', 'claw-48-fg', 'scrwdriver', 'pliers', 'wrench 10 mm', 'chisel', 'tape'];
async function run(title, path, unique) {
  let n = 0;
  const result = await autocannon({
    url: base, connections: 20, duration: Number(process.env.SECONDS ?? 10),
    requests: [{ method: 'GET', path, setupRequest: (req) => {
      if (!unique) return req;
      const q = words[n % words.length];
      n += 1;
      return { ...req, path: `${path}?q=${encodeURIComponent(q)}&n=${n}` };
    } }],
  });
  console.log(`${title}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non2xx ${result.non2xx}, errors ${result.errors}`);
}
const which = process.argv[2];
if (which === 'kept') {
  await run('kept GET /api/search?q=hamer', '/api/search?q=hamer', false);
  await run('kept GET /api/parts?q=hammer', '/api/parts?q=hammer', false);
} else {
  await run(`uncached ${which}`, which, true);
}

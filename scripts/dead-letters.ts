// Dead letters (docs/runbooks.md "Dead letters"):
//   node scripts/run.mjs scripts/dead-letters.ts list
//   node scripts/run.mjs scripts/dead-letters.ts inspect <topic> [limit]
//   node scripts/run.mjs scripts/dead-letters.ts replay <topic> <entry-id...|all>
//   node scripts/run.mjs scripts/dead-letters.ts purge <topic> <entry-id...|all>
// Reads REDIS_URL and REDIS_PREFIX like the services (defaults: redis://127.0.0.1:6379, rm:).
import { createRedis, listDeadLetters, purgeDeadLetters, readDeadLetters, replayDeadLetters } from '@rainmakers/kit';

const [command, topic, ...rest] = process.argv.slice(2);
const redis = createRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', 'dead-letters');
const prefix = process.env.REDIS_PREFIX ?? 'rm:';
const usage =
  'usage: dead-letters.ts list | inspect <topic> [limit] | replay <topic> <id...|all> | purge <topic> <id...|all>';

try {
  if (command === 'list') {
    for (const { topic: name, count } of await listDeadLetters(redis, prefix)) console.log(`${name}\t${count}`);
  } else if (command === 'inspect' && topic) {
    const limit = rest[0] ? Number(rest[0]) : 100;
    for (const letter of await readDeadLetters(redis, prefix, topic, limit)) console.log(JSON.stringify(letter));
  } else if ((command === 'replay' || command === 'purge') && topic && rest.length > 0) {
    const ids = rest.includes('all') ? 'all' : rest;
    const done =
      command === 'replay'
        ? await replayDeadLetters(redis, prefix, topic, ids)
        : await purgeDeadLetters(redis, prefix, topic, ids);
    console.log(`${command === 'replay' ? 'replayed' : 'purged'} ${done} dead letter(s) of ${topic}`);
  } else {
    console.error(usage);
    process.exitCode = 2;
  }
} finally {
  await redis.quit();
}

// "Yesterday" is a local day (src/compiler/past-reference.ts): every test file reads days in
// UTC, whatever the zone of the machine it runs on. Node reads TZ again when it is set.
process.env.TZ = 'UTC';

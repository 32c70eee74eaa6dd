import pg from 'pg';

/**
 * A new, empty PostgreSQL database beside the one `base` names, called after it with `suffix` (dropped
 * first if a previous run left it): the benchmarks never touch the database they are pointed at.
 * @param {string} base @param {string} suffix @returns {Promise<string>} its URL
 */
export async function freshDatabase(base, suffix) {
  const url = new URL(base);
  const name = `${url.pathname.slice(1) || 'postgres'}_${suffix}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  url.pathname = `/${name}`;
  return url.toString();
}

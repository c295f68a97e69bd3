import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseRedisUrl } from '../platform/kv/redis-url.ts';
import { ConfigError, loadConfig } from './index.ts';

const PG = 'postgres://app@db.internal:5432/app';

function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    assert.ok(error instanceof ConfigError);
    return error.message;
  }
  assert.fail('the configuration was accepted');
}

describe('database topology configuration', () => {
  it('uses DATABASE_URL for everything, with named statements, by default', () => {
    assert.deepEqual(loadConfig({ DATABASE_URL: PG }).database, {
      directUrl: PG,
      preparedStatements: 'named',
      readUrl: undefined,
      readAfterWriteSeconds: 5,
    });
    assert.equal(loadConfig({}).database.directUrl, undefined, 'the embedded database has no direct connection');
  });

  it('a separate DATABASE_DIRECT_URL means a pooler in front: statements go unnamed unless told otherwise', () => {
    const pooled = loadConfig({ DATABASE_URL: 'postgres://app@pgbouncer:6432/app', DATABASE_DIRECT_URL: PG });
    assert.equal(pooled.database.directUrl, PG);
    assert.equal(pooled.database.preparedStatements, 'unnamed');
    const told = loadConfig({ DATABASE_URL: 'postgres://app@pgbouncer:6432/app', DATABASE_DIRECT_URL: PG, DATABASE_PREPARED_STATEMENTS: 'named' });
    assert.equal(told.database.preparedStatements, 'named');
    assert.equal(loadConfig({ DATABASE_URL: PG, DATABASE_PREPARED_STATEMENTS: 'unnamed' }).database.preparedStatements, 'unnamed');
  });

  it('DATABASE_READ_URL names a replica for reads; the writer stays on the primary for DATABASE_READ_AFTER_WRITE_SECONDS', () => {
    const replica = 'postgres://app@replica.internal:5432/app';
    const config = loadConfig({ DATABASE_URL: PG, DATABASE_READ_URL: replica, DATABASE_READ_AFTER_WRITE_SECONDS: '10' });
    assert.equal(config.database.readUrl, replica);
    assert.equal(config.database.readAfterWriteSeconds, 10);
    assert.equal(config.database.preparedStatements, 'named', 'a replica alone does not mean a pooler');
  });

  it('refuses bad values with one line naming the variable', () => {
    assert.match(refusal({ DATABASE_URL: PG, DATABASE_READ_URL: 'mysql://x/y' }), /DATABASE_READ_URL must use postgres: or postgresql:/);
    assert.match(refusal({ DATABASE_READ_URL: PG }), /DATABASE_READ_URL needs DATABASE_URL to be a postgres:\/\/ URL/);
    assert.match(refusal({ DATABASE_URL: PG, DATABASE_READ_URL: PG, DATABASE_READ_AFTER_WRITE_SECONDS: '0' }), /DATABASE_READ_AFTER_WRITE_SECONDS/);
    assert.match(refusal({ DATABASE_URL: PG, DATABASE_PREPARED_STATEMENTS: 'sometimes' }), /DATABASE_PREPARED_STATEMENTS must be one of named, unnamed/);
    assert.match(refusal({ DATABASE_URL: PG, DATABASE_DIRECT_URL: 'mysql://x/y' }), /DATABASE_DIRECT_URL must use postgres: or postgresql:/);
    assert.match(refusal({ DATABASE_DIRECT_URL: PG }), /DATABASE_DIRECT_URL needs DATABASE_URL to be a postgres:\/\/ URL/);
    assert.match(refusal({ DATABASE_URL: 'memory://', DATABASE_DIRECT_URL: PG }), /DATABASE_DIRECT_URL needs DATABASE_URL/);
  });
});

/** The host and port pairs a Sentinel or Cluster form should name, in order. */
const hosts = (...pairs: Array<[string, number]>) => pairs.map(([host, port]) => ({ host, port }));

describe('REDIS_URL forms', () => {
  it('one server, as before', () => {
    assert.deepEqual(parseRedisUrl('redis://:secret@cache:6379/2'), { mode: 'standalone', url: 'redis://:secret@cache:6379/2', waitReplicas: 0 });
    assert.equal(loadConfig({ REDIS_URL: 'rediss://cache:6380' }).redisUrl, 'rediss://cache:6380');
  });

  it('Sentinel: the sentinels, the master name, credentials, db; waits for one replica by default', () => {
    assert.deepEqual(parseRedisUrl('redis-sentinel://:s%40cret@10.0.0.1:26379,10.0.0.2:26379,[::1]:26380/mymaster?db=3&sentinelPassword=watch'), {
      mode: 'sentinel',
      sentinels: hosts(['10.0.0.1', 26379], ['10.0.0.2', 26379], ['::1', 26380]),
      masterName: 'mymaster',
      password: 's@cret',
      sentinelPassword: 'watch',
      db: 3,
      tls: false,
      waitReplicas: 1,
    });
    assert.equal((parseRedisUrl('rediss-sentinel://s1:26379/m?waitReplicas=0') as { tls: boolean; waitReplicas: number }).waitReplicas, 0);
  });

  it('Cluster: the seed nodes and credentials', () => {
    assert.deepEqual(parseRedisUrl('redis-cluster://app:pw@n1:7000,n2:7001'), {
      mode: 'cluster',
      nodes: hosts(['n1', 7000], ['n2', 7001]),
      username: 'app',
      password: 'pw',
      tls: false,
      waitReplicas: 0,
    });
  });

  it('refuses malformed forms with one line naming REDIS_URL', () => {
    assert.match(refusal({ REDIS_URL: 'http://cache:6379' }), /^Invalid configuration: REDIS_URL must be redis:\/\/host:port/);
    assert.match(refusal({ REDIS_URL: 'redis-sentinel://s1:26379,s2:26379' }), /REDIS_URL must name the Sentinel master/);
    assert.match(refusal({ REDIS_URL: 'redis-sentinel://s1:26379,s2/m' }), /REDIS_URL has a bad host:port "s2"/);
    assert.match(refusal({ REDIS_URL: 'redis-cluster://n1:7000/1' }), /REDIS_URL names no database with a Cluster/);
    assert.match(refusal({ REDIS_URL: 'redis-cluster://n1:7000?waitReplicas=1' }), /REDIS_URL cannot wait for replicas with a Cluster/);
    assert.match(refusal({ REDIS_URL: 'redis-cluster://n1:99999' }), /REDIS_URL has a bad host:port/);
  });
});

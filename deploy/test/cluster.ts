/**
 * The cluster started by clusterSetup.ts (deploy/local-cluster.sh) and a small HTTP client for it.
 * Each client connects from its own loopback address (127.0.0.x), so the balancer forwards a
 * different client address per test and one test's per-address limits never spend another's.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

export interface Cluster {
  balancerUrl: string;
  instanceUrls: string[];
  databaseUrl: string;
  authKey: string;
}

export function cluster(): Cluster {
  const dir = process.env.CLUSTER_DIR;
  if (!dir) throw new Error('CLUSTER_DIR is not set: run with CLUSTER=1 (jest.config.ts starts the cluster)');
  const vars = new Map(
    readFileSync(path.join(dir, 'cluster.env'), 'utf8')
      .split('\n')
      .filter((line) => line.includes('='))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)] as const),
  );
  const need = (name: string) => {
    const value = vars.get(name);
    if (!value) throw new Error(`cluster.env has no ${name}`);
    return value;
  };
  return { balancerUrl: need('BALANCER_URL'), instanceUrls: need('INSTANCE_URLS').split(' '), databaseUrl: need('DATABASE_URL'), authKey: need('AUTH_KEY') };
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  /** The X-Instance header: which instance answered. */
  instance: string;
}

export interface Client {
  get(urlPath: string, token?: string): Promise<Answer>;
  post(urlPath: string, params: Record<string, unknown>, token?: string): Promise<Answer>;
  put(urlPath: string, params: Record<string, unknown>, token?: string): Promise<Answer>;
  login(username: string, password: string): Promise<string>;
}

/** Requests to baseUrl from the loopback address `from` (e.g. '127.0.0.7'); a new connection each. */
export function client(baseUrl: string, from: string): Client {
  const send = (method: string, urlPath: string, body: string | undefined, token: string | undefined) =>
    new Promise<Answer>((resolve, reject) => {
      const headers: Record<string, string> = {};
      if (token) headers.authorization = `Bearer ${token}`;
      if (body !== undefined) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = String(Buffer.byteLength(body));
      }
      const req = http.request(new URL(urlPath, baseUrl), { method, headers, localAddress: from, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // not JSON: keep the text
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed, instance: String(res.headers['x-instance'] ?? '') });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  const self: Client = {
    get: (urlPath, token) => send('GET', urlPath, undefined, token),
    post: (urlPath, params, token) => send('POST', urlPath, JSON.stringify(params), token),
    put: (urlPath, params, token) => send('PUT', urlPath, JSON.stringify(params), token),
    async login(username, password) {
      const res = await self.post('/wp-json/jwt-auth/v1/token', { username, password });
      if (res.status !== 200) throw new Error(`login ${username} failed with ${res.status}`);
      return (res.body as { token: string }).token;
    },
  };
  return self;
}

export const PATHS = {
  token: '/wp-json/jwt-auth/v1/token',
  students: '/wp-json/wl/v1/get_all_students_data',
  createStudent: '/wp-json/wl/v1/create_student',
  unlock: '/wp-json/wl/v1/unlock_lesson',
  pages: '/wp-json/wp/v2/pages',
  myProgress: '/wp-json/yo/v1/me/progress',
} as const;

/** Demo sign-ins (docs/spec/demo-data.md), seeded by deploy/seedDemo.ts. */
export const DEMO = {
  admin: { username: 'admin', password: 'demo-admin-2026' },
  dana: { username: 'dana', password: 'demo-owner-2026' },
  lee: { username: 'lee', password: 'demo-owner-2026' },
  maria: { username: 'maria', password: 'demo-owner-2026' },
  mia: { username: 'mia', password: 'demo-student-2026' },
} as const;

/** The code of an error answer ({code, message, data: {status}}). */
export function errorCode(answer: Answer): unknown {
  return (answer.body as { code?: unknown }).code;
}

/** A create_student body (wl/v1) for a student of the signed-in owner; parentEmail makes it unique. */
export function newStudentBody(authKey: string, lastName: string, parentEmail: string): Record<string, string> {
  return {
    AUTH_KEY: authKey,
    ParentName: 'Noa Parent',
    StudentFirstName: 'Tom',
    StudentLastName: lastName,
    ParentEmail: parentEmail,
    Phone: '+972 52 555 0101',
    Program: 'Play Machines 1',
    LessonStartDate: '2026-03-01',
    LessonEndDate: '2026-06-30',
    NumberOfLessons: '16',
  };
}

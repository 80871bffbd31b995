/**
 * The answers of the WordPress-compatible routes (contract/wire.ts; the API contract's sections on
 * authentication, custom endpoints and the backend's additions): the JWT plugin's, wl/v1's and
 * users/me's, each with exactly the fields sent to clients (WordPress's legacy names included), and
 * the REST index and health probes.
 */
import { z } from 'zod';
import type {
  ContentTexts,
  CreateFranchiseOwnerResponse,
  CreateStudentResponse,
  ResetPasswordResponse,
  TokenResponse,
  UnlockLessonResponse,
  ValidateTokenResponse,
  WireRestIndex,
  WireStudent,
  WireUser,
} from '../../../contract';

/** A number, or a numeric string as WordPress sends them. */
export const wireNumber = z.union([z.number(), z.string()]);

/** A text in the portal's other languages (contract/wire.ts ContentTexts): each language only when given. */
export const contentTexts = z.object({ he: z.string().optional(), es: z.string().optional() }) satisfies z.ZodType<ContentTexts>;

export const tokenAnswer = z.object({
  token: z.string(),
  user_email: z.string(),
  user_nicename: z.string(),
  user_display_name: z.string(),
  user_id: wireNumber,
  user_roles: z.array(z.string()),
  user_locale: z.string(),
}) satisfies z.ZodType<TokenResponse>;

export const validateTokenAnswer = z.object({
  code: z.literal('jwt_auth_valid_token'),
  data: z.object({ status: z.literal(200) }),
}) satisfies z.ZodType<ValidateTokenResponse>;

export const wireStudent = z.object({
  user_id: wireNumber,
  teacher_id: wireNumber,
  student_first_name: z.string(),
  student_last_name: z.string(),
  parent_name: z.string(),
  parent_email: z.string(),
  phone: z.string(),
  program: z.string(),
  lessons_start_date: z.string(),
  lessons_end_date: z.string(),
  number_of_lessons: wireNumber,
  lessons_used: wireNumber.optional(),
  lessons_left: wireNumber.optional(),
}) satisfies z.ZodType<WireStudent>;

export const wireUser = z.object({
  user_id: wireNumber,
  role: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  Email: z.string(),
  Country: z.string(),
  State: z.string(),
  Territory: z.string(),
  teacher_id: wireNumber,
}) satisfies z.ZodType<WireUser>;

export const createStudentAnswer = z.enum(['already_exists', 'email_sent']) satisfies z.ZodType<CreateStudentResponse>;

export const resetPasswordAnswer = z.object({ success: z.literal(true), message: z.string() }) satisfies z.ZodType<ResetPasswordResponse>;

export const unlockLessonAnswer = z.object({ unlocked: z.literal(true), lesson_id: z.number() }) satisfies z.ZodType<UnlockLessonResponse>;

export const createFranchiseOwnerAnswer = z.object({
  user_id: z.number(),
  username: z.string(),
  status: z.literal('email_sent'),
}) satisfies z.ZodType<CreateFranchiseOwnerResponse>;

/** users/me as WordPress core answers it; context=edit adds roles and locale. */
export const usersMeAnswer = z.object({
  roles: z.array(z.string()).optional(),
  locale: z.string().optional(),
  id: z.number(),
  name: z.string(),
  url: z.string(),
  description: z.string(),
  link: z.string(),
  slug: z.string(),
  avatar_urls: z.object({}),
  meta: z.object({ kit_on_header_clicked: z.number().optional() }),
});

const restRoute = z.object({ namespace: z.string(), methods: z.array(z.string()), endpoints: z.array(z.object({ methods: z.array(z.string()) })) });

export const restIndexAnswer = z.object({
  name: z.string(),
  namespaces: z.array(z.string()),
  routes: z.record(z.string(), restRoute),
}) satisfies z.ZodType<WireRestIndex & { name: string }>;

/** /healthz and /readyz: what an orchestrator's probe reads. */
export const healthAnswer = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unreachable']).optional(),
  migrations: z.enum(['done', 'pending']).optional(),
  changeVersions: z.string().optional(),
});

import { z } from 'zod';
import { idNameSchema, idParamsSchema, pageOf, pageQuerySchema, timestampSchema } from './common.ts';
import { text } from './input.ts';
import { roleCodeSchema } from './roles.ts';
import { defineRoute } from './route.ts';
import { PASSWORD_MAX_LENGTH, TEXT_MAX } from './values/limits.ts';
import { MOBILE_PATTERN, STORED_IMAGE_PATH } from './values/patterns.ts';

export const mobileSchema = text().trim().regex(MOBILE_PATTERN);

export const userInfoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mobile: z.string().nullable(),
  /** Empty when the user has none: the app shows its default image. */
  avatar: z.string(),
  gender: z.number().int(),
  is_enabled: z.number().int(),
  /** The counter role the session acts as (ADR 0104): the app shows this role's screens. */
  role: z.object({ code: roleCodeSchema, name: z.string() }),
  role_code: roleCodeSchema,
  /** The counter roles the person holds (ADR 0104); empty for a manager who works at no counter. */
  roles: z.array(roleCodeSchema),
  /** 1 while acting as a recorder without holding the role (a manager): reads, never writes. */
  read_only: z.number().int(),
  country: z.string(),
  knowledge_show: z.number().int(),
  is_tmp: z.number().int(),
  /** 1 for a manager of the shop (issue 28): the back office shows. */
  is_manager: z.number().int(),
  /** When a temporary user's access ends; null for regular users. */
  tmp_expires_at: timestampSchema.nullable(),
  /**
   * The IANA time zone of the user's shop (issue 29 item 5): the app writes times and counts its
   * days ("today", "this month") on the shop's clock, wherever the phone is.
   */
  time_zone: z.string(),
  /**
   * The branch this session works at (issue 32, docs/adr/0105): a recorder registers there. Null
   * for a guest, whose link names it.
   */
  branch: idNameSchema.nullable(),
  /** The open branches the person works at, to choose from when there are several. */
  branches: z.array(idNameSchema),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** One changed field at a time (SPEC.md §7 `/api/user/change`). */
export const userChangeSchema = z.union([
  z.strictObject({ name: text().trim().min(1).max(TEXT_MAX.personName) }),
  z.strictObject({ avatar: text().regex(STORED_IMAGE_PATH) }),
  z.strictObject({ gender: z.number().int().min(0).max(2) }),
  z.strictObject({ country: text().trim().min(2).max(2) }),
]);
export type UserChange = z.infer<typeof userChangeSchema>;

/** The counter role to act as (ADR 0104): one the person holds, or recorder for a manager. */
export const actingRoleSchema = z.strictObject({ role: roleCodeSchema });
export type ActingRole = z.infer<typeof actingRoleSchema>;

/**
 * Password rules are checked by the server in this order, each with its own message
 * (SPEC.md §5), so they are plain strings here.
 */
export const changePasswordSchema = z.object({
  old_password: text().min(1).max(PASSWORD_MAX_LENGTH),
  password: text().max(PASSWORD_MAX_LENGTH),
  password_confirmation: text().max(PASSWORD_MAX_LENGTH),
});
export type ChangePassword = z.infer<typeof changePasswordSchema>;

export const bannerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The line written on the image under the title, in the caller's language; empty: none. */
  text: z.string(),
  image: z.string(),
  link: z.string(),
});

/**
 * Dashboard counts (SPEC.md §3), per role: each figure is defined once by statuses in
 * docs/decisions.md "Dashboard figures, one stage each"; within a role no commodity is in two
 * stage figures.
 */
const count = z.number().int();
/** A recorder's figures, over the commodities they registered: the stages split `registered_total`. */
export const recorderStatisticsSchema = z.object({
  role: z.literal('recorder'),
  registered_total: count,
  registered_today: count,
  /** 10 */
  to_be_distributed: count,
  /** 20, 30 */
  in_appraisal: count,
  /** 35 */
  to_be_modified: count,
  /** 40, 50 */
  in_reconsideration: count,
  /** 60 */
  pending_comprehensive: count,
  /** 70 */
  identified: count,
  /** 80, 90 */
  closed: count,
});
/** A valuer's figures: their desk (stages) and their finished work (flows). */
export const valuerStatisticsSchema = z.object({
  role: z.literal('valuers'),
  /** 20, assigned to the valuer */
  to_be_appraised_today: count,
  /** 30, assigned to the valuer */
  in_appraisal: count,
  /** 35, assigned to the valuer (returned by them, waiting for the recorder) */
  to_be_modified: count,
  /** Their reconsideration queue: 40 first appraised by another valuer, and 50 they reconsider. */
  in_reconsideration: count,
  /** 60 where they did neither the first appraisal nor the reconsideration of the round. */
  pending_comprehensive: count,
  /** 70, assigned to the valuer (their first appraisal of the current round). */
  identified: count,
  appraisals_total: count,
  appraisals_today: count,
  reconsiderations_total: count,
  reconsiderations_today: count,
  /** Mean first-appraisal duration in seconds; null while there is none. */
  average_appraisal_seconds: z.number().nullable(),
});
export const statisticsSchema = z.discriminatedUnion('role', [recorderStatisticsSchema, valuerStatisticsSchema]);
export type RecorderStatistics = z.infer<typeof recorderStatisticsSchema>;
export type ValuerStatistics = z.infer<typeof valuerStatisticsSchema>;
export type Statistics = z.infer<typeof statisticsSchema>;

export const NOTIFICATION_TYPES = [
  'distributed',
  'returned_for_modification',
  'first_appraisal_done',
  'reconsideration_needed',
  'comprehensive_needed',
  'identified',
  'reassessed',
  'inquiry_estimated',
  'temporary_link_used',
  'watch_match',
] as const;
export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

export const notificationSchema = z.object({
  id: z.number().int(),
  type: notificationTypeSchema,
  title: z.string(),
  content: z.string(),
  /** The in-app route and query the notification opens, e.g. `/pages-sub/commodityDetail/index?id=7`. */
  link: z.string().nullable(),
  is_read: z.number().int(),
  read_at: timestampSchema.nullable(),
  created_at: timestampSchema,
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuerySchema = pageQuerySchema.extend({
  status: z.enum(['all', 'unread', 'read']).default('all'),
});

export const userRoutes = {
  userInfo: defineRoute({
    method: 'GET',
    path: '/api/user/info',
    summary: "The caller's profile",
    tag: 'user',
    access: 'user',
    data: userInfoSchema,
  }),
  userChange: defineRoute({
    method: 'POST',
    path: '/api/user/change',
    summary: 'Change one profile field; data holds the new value',
    tag: 'user',
    access: 'user',
    body: userChangeSchema,
    data: z.record(z.string(), z.union([z.string(), z.number()])),
  }),
  userActingRole: defineRoute({
    method: 'PUT',
    path: '/api/user/acting-role',
    summary:
      'Acts as another counter role the caller holds (a manager: as a recorder, read-only), for this session; ' +
      'answers the user info. 403 `roleNotHeld`',
    tag: 'user',
    access: 'regular',
    body: actingRoleSchema,
    data: userInfoSchema,
  }),
  userChangePass: defineRoute({
    method: 'POST',
    path: '/api/user/changePass',
    summary: 'Change the password; every session of the user ends',
    tag: 'user',
    access: 'regular',
    body: changePasswordSchema,
    data: z.null(),
  }),
  userValuers: defineRoute({
    method: 'GET',
    path: '/api/user/valuers',
    summary: 'Valuers who can be given commodities',
    tag: 'user',
    access: 'user',
    data: z.array(idNameSchema.extend({ is_tmp: z.number().int() })),
  }),
  userBanners: defineRoute({
    method: 'GET',
    path: '/api/user/banners',
    summary: 'Dashboard banners',
    tag: 'user',
    access: 'user',
    data: z.array(bannerSchema),
  }),
  userStatistics: defineRoute({
    method: 'GET',
    path: '/api/user/statistics',
    summary: "Dashboard counts for the caller's role",
    tag: 'user',
    access: 'user',
    data: statisticsSchema,
  }),
  userNotifications: defineRoute({
    method: 'GET',
    path: '/api/user/notifications',
    summary: "The caller's notifications, newest first",
    tag: 'notification',
    access: 'user',
    query: notificationsQuerySchema,
    data: pageOf(notificationSchema).extend({ unread: z.number().int() }),
  }),
  userNotificationMarkAsRead: defineRoute({
    method: 'GET',
    path: '/api/user/notifications/:id/markAsRead',
    summary: 'Mark one notification read',
    tag: 'notification',
    access: 'user',
    params: idParamsSchema,
    data: notificationSchema,
  }),
};

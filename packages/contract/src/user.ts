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
  role: z.object({ code: roleCodeSchema, name: z.string() }),
  role_code: roleCodeSchema,
  country: z.string(),
  knowledge_show: z.number().int(),
  is_tmp: z.number().int(),
  /** When a temporary user's access ends; null for regular users. */
  tmp_expires_at: timestampSchema.nullable(),
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
  image: z.string(),
  link: z.string(),
});

/** Dashboard counts (SPEC.md §3), for what the caller registered (recorder) or appraises (valuer). */
export const statisticsSchema = z.object({
  registered_total: z.number().int(),
  registered_today: z.number().int(),
  to_be_modified: z.number().int(),
  in_appraisal: z.number().int(),
  in_reconsideration: z.number().int(),
  identified: z.number().int(),
  appraisals_total: z.number().int(),
  appraisals_today: z.number().int(),
  reconsiderations_total: z.number().int(),
  reconsiderations_today: z.number().int(),
  /** Mean first-appraisal duration in seconds; null while there is none. */
  average_appraisal_seconds: z.number().nullable(),
  to_be_appraised_today: z.number().int(),
});
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

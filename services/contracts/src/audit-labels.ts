/**
 * The audit log's labels, without zod so the web can import them alone: what the screen and the CSV
 * export show instead of internal action and field names (no signedInAs, displayedRole or alwaysGrantAccess).
 */

/** Every action of the log, as people read it. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'user.create': 'Created person',
  'user.update': 'Edited person',
  'user.delete': 'Deleted person',
  'user.close-account': 'Closed own account',
  'user.role-change': 'Changed role',
  'user.add-tags': 'Added tags',
  'user.bulk-update': 'Bulk update',
  'user.bulk-action': 'Bulk action',
  'user.import': 'Import',
  'user.invite': 'Sent invitation',
  'tag.create': 'Created tag',
  'tag.rename': 'Renamed tag',
  'tag.delete': 'Deleted tag',
  'tag.signup-allowed': 'Changed sign-up link use',
  'broadcast.send': 'Sent broadcast',
  'user.sign-in-as': 'Signed in as',
  'user.sign-in-as-back': 'Went back from signing in as',
  'user.role-switch': 'Switched role view',
  'user.second-factor-reset': 'Reset second factor',
  'user.second-factor-enable': 'Turned on two-step sign-in',
  'user.second-factor-disable': 'Turned off two-step sign-in',
  'user.recovery-codes-regenerate': 'Made new recovery codes',
  'user.recovery-code-sign-in': 'Signed in with a recovery code',
  'course.create': 'Created course',
  'course.update': 'Edited course',
  'course.delete': 'Deleted course',
  'module.create': 'Created module',
  'module.update': 'Edited module',
  'module.delete': 'Deleted module',
  'lesson.create': 'Created lesson',
  'lesson.update': 'Edited lesson',
  'lesson.delete': 'Deleted lesson',
  'lesson.comment-answer': 'Marked discussion answer',
  'lesson.comment-hide': 'Hid discussion comment',
  'resource.create': 'Created resource',
  'resource.update': 'Edited resource',
  'resource.delete': 'Deleted resource',
  'category.create': 'Created category',
  'category.update': 'Edited category',
  'category.delete': 'Deleted category',
  'banner.create': 'Created banner',
  'banner.update': 'Edited banner',
  'banner.delete': 'Deleted banner',
  'site-content.update': 'Edited site content',
  'board.list-delete': 'Deleted board list',
  'board.card-delete': 'Deleted board card',
};

/** Every field an entry may show, as people read it. */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  releaseAfterDays: 'Opens days after access begins',
  releaseAt: 'Opens on',
  fullName: 'Full name',
  commentId: 'Comment',
  answer: 'Answer',
  hidden: 'Hidden',
  excerpt: 'Comment text',
  email: 'E-mail',
  role: 'Role',
  city: 'City',
  state: 'State',
  country: 'Country',
  phoneNumber: 'Phone number',
  photoUrl: 'Photo',
  theme: 'Theme',
  secondFactor: 'Two-step sign-in',
  password: 'Password',
  recoveryCodes: 'Recovery codes',
  invitedAt: 'Invited',
  invitationSent: 'Invitation sent',
  reason: 'Reason',
  tagId: 'Tag',
  action: 'Action',
  alwaysGrantAccess: 'Always grant access',
  passwordSet: 'Password set',
  tags: 'Tags',
  name: 'Name',
  signupAllowed: 'Allowed on sign-up links',
  signedInAs: 'Signed in as',
  displayedRole: 'Role shown',
  stripeStatus: 'Payment status',
  title: 'Title',
  description: 'Description',
  content: 'Content',
  videoUrl: 'Video',
  position: 'Position',
  published: 'Published',
  requiredTags: 'Required tags',
  tagIds: 'Tags',
  url: 'Link',
  link: 'Link',
  imageUrl: 'Image',
  price: 'Price',
  category: 'Category',
  categoryId: 'Category',
  isActive: 'Shown',
  active: 'Shown',
  owner: 'Board of',
  list: 'List',
  kind: 'Job',
  fileName: 'File',
  total: 'Rows',
  created: 'Created',
  updated: 'Updated',
  unchanged: 'Unchanged',
  skipped: 'Skipped',
  failed: 'Failed',
  people: 'People',
  change: 'Change',
};

/** "user.role-switch" -> "Switched role view"; an unknown action gets a readable form of its name. */
export const auditActionLabel = (action: string): string => AUDIT_ACTION_LABELS[action] ?? humanize(action);

/** "alwaysGrantAccess" -> "Always grant access"; an unknown field gets a readable form of its name. */
export const auditFieldLabel = (field: string): string => AUDIT_FIELD_LABELS[field] ?? humanize(field);

/** The label of a subject kind ("banner" -> "Banner"). */
export const auditSubjectLabel = (type: string | null): string =>
  type ? (AUDIT_SUBJECT_LABELS[type] ?? humanize(type)) : '';

function humanize(name: string): string {
  const words = name
    .replace(/[._-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words ? `${words.charAt(0).toUpperCase()}${words.slice(1)}` : name;
}

/** The kinds of subject an entry may be about, with their labels (the audit log's filter). */
export const AUDIT_SUBJECT_LABELS: Record<string, string> = {
  user: 'Person',
  tag: 'Tag',
  job: 'Job',
  course: 'Course',
  module: 'Module',
  lesson: 'Lesson',
  resource: 'Resource',
  category: 'Category',
  banner: 'Banner',
  'site-content': 'Site content',
  list: 'Board list',
  card: 'Board card',
};

import { test } from '@playwright/test';
import { announcementFlow, announcementRolesFlow } from './backOfficeAnnouncementsFlows';

/** The back office's announcements (issue 30) at desktop width: backOfficeAnnouncementsFlows.ts. */
test('marketing previews a pop-up per language, creates it for a member, and ends it', ({ page }) =>
  announcementFlow(page, { memberPage: true }));

test('support reads the announcements without creating or ending one', ({ page }) =>
  announcementRolesFlow(page));

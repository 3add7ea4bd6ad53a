import { test } from '@playwright/test';
import { announcementFlow, announcementRolesFlow } from './backOfficeAnnouncementsFlows';

/** The back office's announcements (issue 30) on a 360 px phone: the same flows, no screen wider. */
test.use({ viewport: { width: 360, height: 780 } });

test('marketing previews and creates a pop-up on a phone', ({ page }) => announcementFlow(page));

test('support reads the announcements on a phone', ({ page }) => announcementRolesFlow(page));

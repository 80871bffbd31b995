/**
 * The families' summary mail: one mail per family (one owner's children with one parent e-mail) and
 * period, in the family's language, as plain text and HTML, with a one-click unsubscribe (RFC 8058).
 * The subject names no child: it shows in a mail app's list and on a lock screen.
 */
import { FAMILY_APP_PATHS, FAMILY_PATHS } from '../../contract';
import { mailTexts, type MailLanguage } from './catalogue';
import type { MailMessage } from './mailer';

/** The calendar dates a summary tells about, both included (YYYY-MM-DD). */
export interface SummaryPeriodDates {
  kind: 'month' | 'week';
  start: string;
  end: string;
}

export interface SummaryModelInProgress {
  title: string;
  tab: number;
  tabs: number;
  step: number;
  steps: number;
}

export interface SummaryChild {
  firstName: string;
  /** Titles of the models finished within the period. */
  built: string[];
  inProgress: SummaryModelInProgress[];
  lessonsLeft: number;
  /** The place's wall clock (YYYY-MM-DDTHH:MM), as the family page shows it. */
  nextMeeting: { startsAt: string; className: string; place: string } | null;
}

export interface FamilySummary {
  to: string;
  /** '' when the records name no parent ("Dear parent"). */
  parentName: string;
  teacherName: string;
  period: SummaryPeriodDates;
  children: SummaryChild[];
  siteUrl: string;
  /** The family's unsubscribe secret (URL-safe). */
  unsubscribeSecret: string;
}

type Texts = ReturnType<typeof mailTexts>;

const RIGHT_TO_LEFT: ReadonlySet<MailLanguage> = new Set(['he']);

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const utcDate = (date: string): Date => new Date(`${date}T00:00:00Z`);

/** "November 2026" or "23–29 November 2026", in the mail's language (dates are calendar dates: read in UTC). */
export function periodLabel(language: MailLanguage, period: SummaryPeriodDates): string {
  if (period.kind === 'month') return new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(utcDate(period.start));
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).formatRange(utcDate(period.start), utcDate(period.end));
}

/** A wall-clock time at the place, shown as it is there: read as UTC and formatted in UTC, so no zone shifts it. */
export function meetingLabel(language: MailLanguage, startsAt: string): string {
  return new Intl.DateTimeFormat(language, { weekday: 'long', day: 'numeric', month: 'long', hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(new Date(`${startsAt}:00Z`));
}

/** One text line of a child, and the same with its values marked up for HTML. */
interface Line {
  text: string;
  html: string;
}

/**
 * A catalogue text with its values put in, as text and as HTML: in HTML each value is escaped and
 * isolated (<bdi>, so a Latin name keeps its order in a Hebrew sentence), and a {url} is a link.
 */
function line(t: Texts, key: Parameters<Texts>[0], values: Record<string, string | number> = {}): Line {
  const marks: Record<string, string> = {};
  const htmlOf: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    const mark = `\uE000${name}\uE000`;
    marks[name] = mark;
    const shown = escapeHtml(String(value));
    htmlOf[mark] = name === 'url' ? `<a href="${shown}" style="color: #1a5fb4">${shown}</a>` : `<bdi>${shown}</bdi>`;
  }
  const marked = escapeHtml(t(key, marks));
  return { text: t(key, values), html: marked.replace(/\uE000\w+\uE000/g, (mark) => htmlOf[mark] ?? '') };
}

function inProgressLine(t: Texts, model: SummaryModelInProgress): Line {
  const step = { title: model.title, step: model.step, steps: model.steps };
  return model.tabs > 1 ? line(t, 'summaryInProgressParts', { ...step, part: model.tab, parts: model.tabs }) : line(t, 'summaryInProgress', step);
}

function childLines(language: MailLanguage, t: Texts, period: SummaryPeriodDates, child: SummaryChild): Line[] {
  const month = period.kind === 'month';
  const lines: Line[] = [];
  if (child.built.length > 0) lines.push(line(t, month ? 'summaryBuiltMonth' : 'summaryBuiltWeek', { models: child.built.join(', ') }));
  for (const model of child.inProgress) lines.push(inProgressLine(t, model));
  if (lines.length === 0) lines.push(line(t, month ? 'summaryNoModelsMonth' : 'summaryNoModelsWeek'));
  lines.push(line(t, child.lessonsLeft === 1 ? 'summaryLessonsLeftOne' : 'summaryLessonsLeftOther', { count: child.lessonsLeft }));
  const meeting = child.nextMeeting;
  if (!meeting) lines.push(line(t, 'summaryNoMeeting'));
  else {
    const values = { when: meetingLabel(language, meeting.startsAt), className: meeting.className };
    lines.push(meeting.place.trim() ? line(t, 'summaryNextMeetingAt', { ...values, place: meeting.place }) : line(t, 'summaryNextMeeting', values));
  }
  return lines;
}

export function familySummaryMail(language: MailLanguage, p: FamilySummary): MailMessage {
  const t = mailTexts(language);
  const month = p.period.kind === 'month';
  const subject = t(month ? 'summarySubjectMonth' : 'summarySubjectWeek');
  const secret = encodeURIComponent(p.unsubscribeSecret);
  const familyUrl = `${p.siteUrl}${FAMILY_APP_PATHS.family}`;
  const unsubscribePage = `${p.siteUrl}${FAMILY_APP_PATHS.unsubscribe}#${secret}`;
  const oneClick = `${p.siteUrl}${FAMILY_PATHS.unsubscribe(secret)}`;

  const greeting = line(t, 'dear', { name: p.parentName.trim() || t('parent') });
  const intro = line(t, month ? 'summaryIntroMonth' : 'summaryIntroWeek', { teacher: p.teacherName, period: periodLabel(language, p.period) });
  const children = p.children.map((child) => ({ name: child.firstName, lines: childLines(language, t, p.period, child) }));
  const familyPage = line(t, 'summaryFamilyPage', { url: familyUrl });
  const why = line(t, 'summaryWhy', { teacher: p.teacherName });
  const unsubscribe = line(t, 'summaryUnsubscribe', { url: unsubscribePage });

  const text = [
    greeting.text,
    '',
    intro.text,
    ...children.flatMap((child) => ['', child.name, ...child.lines.map((l) => `- ${l.text}`)]),
    '',
    familyPage.text,
    '',
    t('signOff'),
    '',
    why.text,
    unsubscribe.text,
    '',
  ].join('\n');

  const rtl = RIGHT_TO_LEFT.has(language);
  const dir = rtl ? 'rtl' : 'ltr';
  const align = rtl ? 'right' : 'left';
  const html = [
    '<!DOCTYPE html>',
    `<html lang="${language}" dir="${dir}">`,
    `<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body dir="${dir}" style="margin: 0; padding: 16px; font-family: Arial, Helvetica, sans-serif; font-size: 16px; line-height: 1.5; color: #1e1e1e; text-align: ${align}">`,
    `<p style="margin: 0 0 12px">${greeting.html}</p>`,
    `<p style="margin: 0 0 16px">${intro.html}</p>`,
    ...children.flatMap((child) => [
      `<h2 style="margin: 16px 0 4px; font-size: 18px"><bdi>${escapeHtml(child.name)}</bdi></h2>`,
      `<ul style="margin: 0; padding-${align}: 20px">`,
      ...child.lines.map((l) => `<li style="margin: 2px 0">${l.html}</li>`),
      '</ul>',
    ]),
    `<p style="margin: 20px 0 12px">${familyPage.html}</p>`,
    `<p style="margin: 0 0 20px">${escapeHtml(t('signOff'))}</p>`,
    `<p style="margin: 0; font-size: 13px; color: #5e5e5e">${why.html}<br>${unsubscribe.html}</p>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');

  return {
    to: p.to,
    subject,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

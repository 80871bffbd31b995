/**
 * Where children get stuck (contract/insights.ts): for each step of each model, the children of
 * the reader's scope who reached it, stopped there, pressed "I'm stuck" on it, and their median
 * time, worst first. Administrators read every student's steps or one owner's; a franchise owner
 * her own students' only. Counted in SQL over step_visits (stepVisits.ts writes it); the titles,
 * the tabs and each step's thumbnail come from the stored model page.
 */
import { STOPPED_AFTER_DAYS, compareStuckSteps, type StuckStep, type StuckStepsAnswer } from '../../contract';
import * as q from '../db/queries';
import { invalidUserId, notAllowed } from '../errors';
import type { MediaSigner } from '../media/signedUrls';
import { lessonMediaUrl } from './content';
import { isAdmin, isOwner, type Actor, type DomainContext } from './context';
import { isLastStep, modelTabs, type ModelTab } from './modelSteps';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whose students the reader may count: null for every student (an administrator without `?owner=`). */
async function scopeOf(ctx: DomainContext, actor: Actor, ownerParam: number | undefined): Promise<number | null> {
  if (isOwner(actor)) {
    if (ownerParam !== undefined && ownerParam !== actor.id) throw notAllowed(true);
    return actor.id;
  }
  if (!isAdmin(actor)) throw notAllowed(true);
  if (ownerParam === undefined) return null;
  if (!(await q.findUserWithRole(ctx.db.kysely, ownerParam, 'franchise_owner'))) throw invalidUserId();
  return ownerParam;
}

export async function stuckSteps(
  ctx: DomainContext,
  actor: Actor,
  params: { owner?: number; limit: number },
  origin: string,
  signer: MediaSigner,
): Promise<StuckStepsAnswer> {
  const ownerId = await scopeOf(ctx, actor, params.owner);
  const now = ctx.clock();
  const stoppedBy = new Date(now.getTime() - STOPPED_AFTER_DAYS * DAY_MS).toISOString();
  const rows = await q.stepFigures(ctx.db.kysely, ctx.db.dialect, ownerId, stoppedBy, STOPPED_AFTER_DAYS);
  const lessons = new Map((await q.findPages(ctx.db.kysely, [...new Set(rows.map((r) => r.lesson_id))])).map((p) => [p.id, p]));
  const programs = new Map((await q.findPages(ctx.db.kysely, [...new Set([...lessons.values()].map((p) => p.parent))])).map((p) => [p.id, p]));
  const tabsOf = new Map<number, ModelTab[]>([...lessons.values()].map((p) => [p.id, modelTabs(p)]));
  const steps = rows.map((r): StuckStep => {
    const lesson = lessons.get(r.lesson_id);
    const tabs = tabsOf.get(r.lesson_id) ?? [];
    const tab = tabs[r.tab_index];
    const thumbnail = tab?.thumbnails[r.step - 1] ?? null;
    return {
      lessonId: r.lesson_id,
      modelTitle: lesson?.title ?? '',
      programTitle: (lesson && programs.get(lesson.parent)?.title) ?? '',
      tabIndex: r.tab_index,
      tabTitle: tab ? tab.title : r.tab_title,
      step: r.step,
      thumbnail: thumbnail === null ? null : lessonMediaUrl(thumbnail, actor, origin, { signer, now }),
      reached: r.reached,
      // Reaching the model's last step is finishing it: no child stops there.
      stopped: isLastStep(tabs, r.tab_index, r.step) ? 0 : r.stopped,
      stuckPresses: r.stuck_presses,
      stuckChildren: r.stuck_children,
      medianSeconds: r.median_seconds === null ? null : Math.round(r.median_seconds),
    };
  });
  return { at: now.toISOString(), steps: steps.sort(compareStuckSteps).slice(0, params.limit) };
}

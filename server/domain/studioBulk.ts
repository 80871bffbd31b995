/**
 * One action on several of the studio's programs and models: each page goes through the same
 * single action the studio's editors use (publish, delete, ...), on its own, so one refusal (a
 * program that still has models, a model whose program is not published) stops only that page and
 * is answered with the server's reason beside the pages that were done.
 */
import type { StudioBulkAction, StudioBulkOutcome } from '../../contract';
import { ApiError } from '../errors';
import type { Actor } from './context';
import { deleteModel, deleteProgram, getCatalogue, publishPage, setProgramHidden, studioPageKind, unpublishModel, type StudioServices } from './studio';

type Kind = 'program' | 'model';

const onlyPrograms = () => new ApiError(409, 'studio_not_a_program', 'Only a program can be hidden or shown; take a model off the lists by unpublishing it.');
const onlyModels = () => new ApiError(409, 'studio_not_a_model', 'Only a model can be unpublished; hide a program instead.');

async function act(s: StudioServices, actor: Actor, action: StudioBulkAction, id: number, kind: Kind): Promise<void> {
  switch (action) {
    case 'publish':
      await publishPage(s, actor, id);
      return;
    case 'hide':
    case 'show':
      if (kind !== 'program') throw onlyPrograms();
      await setProgramHidden(s, id, action === 'hide');
      return;
    case 'unpublish':
      if (kind !== 'model') throw onlyModels();
      await unpublishModel(s, id);
      return;
    case 'delete':
      if (kind === 'program') await deleteProgram(s, id);
      else await deleteModel(s, id);
  }
}

export async function bulkStudioAction(s: StudioServices, actor: Actor, action: StudioBulkAction, ids: readonly number[]): Promise<StudioBulkOutcome> {
  const done: number[] = [];
  const failed: StudioBulkOutcome['failed'] = [];
  const pages: { id: number; kind: Kind; title: string }[] = [];
  for (const id of new Set(ids)) {
    try {
      pages.push({ id, ...(await studioPageKind(s, id)) });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      failed.push({ id, title: '', code: err.code, reason: err.message });
    }
  }
  // A program is published before its models; models are deleted before their program, so both in one go work.
  const programsFirst = action !== 'delete';
  pages.sort((a, b) => (a.kind === b.kind ? 0 : (a.kind === 'program') === programsFirst ? -1 : 1));
  for (const page of pages) {
    try {
      await act(s, actor, action, page.id, page.kind);
      done.push(page.id);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      failed.push({ id: page.id, title: page.title, code: err.code, reason: err.message });
    }
  }
  return { done, failed, catalogue: await getCatalogue(s, actor) };
}

import { useEffect } from 'react';
import type { Program } from '../../../api/types';
import { useAppDispatch, useAppSelector } from '../../../shared/storeHooks';
import { programRouteName, selectProgramsLoad } from '../contentSelectors';
import { contentActions, type ProgramListKind } from '../contentSlice';
import { ProgramTiles, ProgramTilesSkeleton } from './ProgramTiles';
import { Title } from '../../../shared/ui/Text';
import { EmptyState, LoadFailed } from '../../../shared/ui/States';
import { Page } from '../../../shared/ui/Layout';
import { useMessages } from '../../../shared/i18n/messages';
import { programListMessages } from '../content.messages';

/** Where a program tile leads: a route with the program's name and id in it. */
export interface ProgramRoute {
  href: (params: { programName: string; programId: number }) => string;
}

/** The program lists ('/', building instructions, lesson plans): tiles, placeholders, empty and failure states. */
export function ProgramListScreen({ title, kind, programs, tileRoute }: { title: string; kind: ProgramListKind | 'selectProgram'; programs: Program[]; tileRoute: ProgramRoute }) {
  const dispatch = useAppDispatch();
  const load = useAppSelector(selectProgramsLoad);
  const t = useMessages(programListMessages);
  const linkTo = (program: Program) => tileRoute.href({ programName: programRouteName(program), programId: program.id });
  const open = () => dispatch(contentActions.programsPageOpened({ kind }));
  useEffect(() => {
    dispatch(contentActions.programsPageOpened({ kind }));
  }, [dispatch, kind]);

  let body: React.ReactNode;
  if (programs.length > 0) body = <ProgramTiles programs={programs} linkTo={linkTo} listLabel={t.programsList} />;
  else if (load.status === 'failed') body = <LoadFailed what={t.programsWhat} error={load.error} onRetry={open} />;
  else if (load.status === 'succeeded') body = <EmptyState>{t.noPrograms}</EmptyState>;
  else body = <ProgramTilesSkeleton label={t.loadingPrograms} />;

  return (
    <Page>
      <Title $centered>{title}</Title>
      {body}
    </Page>
  );
}

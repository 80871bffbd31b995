import { useEffect } from 'react';
import type { Program } from '../../../api/types';
import { useAppDispatch, useAppSelector } from '../../../shared/storeHooks';
import { programRouteName, selectProgramsLoad } from '../contentSelectors';
import { contentActions, type ProgramListKind } from '../contentSlice';
import { ProgramTiles, ProgramTilesSkeleton } from './ProgramTiles';
import { Title } from '../../../shared/ui/Text';
import { EmptyState, LoadFailed } from '../../../shared/ui/States';
import { Page } from '../../../shared/ui/Layout';

/** Where a program tile leads: a route with the program's name and id in it. */
export interface ProgramRoute {
  href: (params: { programName: string; programId: number }) => string;
}

/** The program lists ('/', building instructions, lesson plans): tiles, placeholders, empty and failure states. */
export function ProgramListScreen({ title, kind, programs, tileRoute }: { title: string; kind: ProgramListKind | 'selectProgram'; programs: Program[]; tileRoute: ProgramRoute }) {
  const dispatch = useAppDispatch();
  const load = useAppSelector(selectProgramsLoad);
  const linkTo = (program: Program) => tileRoute.href({ programName: programRouteName(program), programId: program.id });
  const open = () => dispatch(contentActions.programsPageOpened({ kind }));
  useEffect(() => {
    dispatch(contentActions.programsPageOpened({ kind }));
  }, [dispatch, kind]);

  let body: React.ReactNode;
  if (programs.length > 0) body = <ProgramTiles programs={programs} linkTo={linkTo} listLabel="Programs" />;
  else if (load.status === 'failed') body = <LoadFailed what="the programs" error={load.error} onRetry={open} />;
  else if (load.status === 'succeeded') body = <EmptyState>No programs here yet.</EmptyState>;
  else body = <ProgramTilesSkeleton label="Loading programs" />;

  return (
    <Page>
      <Title $centered>{title}</Title>
      {body}
    </Page>
  );
}

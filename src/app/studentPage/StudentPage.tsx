/**
 * /students/{id}: one student, for their franchise owner and administrators. The record comes from
 * the roster's lists; the page is a frame for the sections the student features bring (their
 * details, progress, sign-in and the child's data). Composed here because it joins those features
 * and the roster.
 */
import { isErasedStudent } from '../../entities/students/erased';
import { useCallback, useEffect } from 'react';
import { Link, useParams } from 'react-router';
import styled from 'styled-components';
import { selectCapabilities } from '../../entities/config/configSlice';
import { selectListLoad } from '../../entities/roster/rosterListsSelectors';
import { rosterListsActions } from '../../entities/roster/rosterListsSlice';
import type { StudentPageSection } from '../../entities/students/studentPage';
import { selectStudentById } from '../../entities/students/studentsSelectors';
import { detailsSection, lessonsSection } from '../../features/studentEdit/studentPageSection';
import { familySection } from '../../features/familyOwner/studentPageSection';
import { childDataSection } from '../../features/studentPrivacy/studentPageSection';
import { progressSection } from '../../features/studentProgress/studentPageSection';
import { signInSection } from '../../features/studentSignIn/studentPageSection';
import { useMessages } from '../../shared/i18n/messages';
import { paths } from '../../shared/paths';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { space } from '../../shared/theme';
import { Card } from '../../shared/ui/Card';
import { Page } from '../../shared/ui/Layout';
import { Message } from '../../shared/ui/Message';
import { PageLoading } from '../../shared/ui/PageLoading';
import { LoadFailed } from '../../shared/ui/States';
import { Subtitle, Title } from '../../shared/ui/Text';
import { studentPageMessages } from './studentPage.messages';

type SectionTitle = Extract<keyof ReturnType<typeof studentPageMessages.get>, `section${string}`>;

/** The sections, in the order they show, each from its own feature. */
const sections = [detailsSection, lessonsSection, progressSection, signInSection, familySection, childDataSection] as const satisfies readonly StudentPageSection<SectionTitle>[];

const Section = styled(Card).attrs({ as: 'section' })`
  margin-top: ${space(4)};
`;

const SectionTitle = styled.h2`
  margin: 0 0 ${space(3)};
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

export default function StudentPage() {
  const { studentId = '' } = useParams();
  const id = /^\d+$/.test(studentId) ? Number(studentId) : null;
  const dispatch = useAppDispatch();
  const t = useMessages(studentPageMessages);
  const capabilities = useAppSelector(selectCapabilities);
  const shown = (sections as readonly StudentPageSection<SectionTitle>[]).filter((section) => !section.shownWhen || section.shownWhen(capabilities));
  const student = useAppSelector((state) => (id === null ? undefined : selectStudentById(state, id)));
  const load = useAppSelector(selectListLoad);
  const open = useCallback(() => dispatch(rosterListsActions.listsNeeded()), [dispatch]);
  useEffect(() => {
    open();
  }, [open]);

  if (!student) {
    if (id !== null && (load.status === 'idle' || load.status === 'loading')) return <PageLoading label={t.loading} />;
    if (load.status === 'failed') return <LoadFailed what={t.what} error={load.error} onRetry={open} />;
    return (
      <Page>
        <Title>{t.title}</Title>
        <Message $tone="info">
          <p>{t.noSuchStudent}</p>
        </Message>
        <p>
          <Link to={paths.home.href()}>{t.goHome}</Link>
        </p>
      </Page>
    );
  }

  const name = `${student.firstName} ${student.lastName}`.trim();
  const erased = isErasedStudent(student);
  return (
    <Page aria-labelledby="student-title">
      <Title id="student-title" translate="no">
        {name}
      </Title>
      <Subtitle>
        <span translate="no">{student.program}</span>
        {student.parentName && ` · ${t.parent({ name: student.parentName })}`}
      </Subtitle>
      {shown.map(({ id: sectionId, title, Component }) => (
        <Section key={sectionId} id={sectionId} aria-labelledby={`${sectionId}-title`}>
          <SectionTitle id={`${sectionId}-title`}>{t[title]}</SectionTitle>
          {/* Erasing remounts every section, so each loads what the server now holds. */}
          <Component key={String(erased)} student={student} erased={erased} />
        </Section>
      ))}
    </Page>
  );
}

import styled from 'styled-components';
import type { Lesson } from '../../../api/types';
import { FittedImage, Tile } from '../../../shared/ui/Layout';
import { ExternalButtonLink } from '../../../shared/ui/ButtonLink';
import { ModelCode } from './ModelCode';
import { PrintQrLink } from '../modelQr/PrintQrLink';
import { useMessages } from '../../../shared/i18n/messages';
import { modelListMessages } from '../content.messages';

const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xl};
  text-align: center;
`;

const PlanTitle = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
`;

const Footer = styled.div`
  margin-block-start: auto;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
`;

/** A model's lesson plan: opens the lesson-plan URL in a new tab; its code for the owner to hand out. */
export function LessonPlanCard({ lesson, lessonNumber, program }: { lesson: Lesson; lessonNumber: number; program?: { name: string; id: number } }) {
  const t = useMessages(modelListMessages);
  const authoredPlanTitle = lesson.lessonPlansTitle.trim();
  const planTitle = authoredPlanTitle || t.lessonNumber({ number: lessonNumber });
  return (
    <Tile as="article" aria-labelledby={`plan-${lesson.id}-title`}>
      <Title id={`plan-${lesson.id}-title`} translate="no" dir="auto">{lesson.title}</Title>
      {lesson.smallImage && (
        <FittedImage src={lesson.smallImage} alt={t.modelPicture({ title: lesson.title })} loading="lazy" width={280} height={210} style={{ maxWidth: 240 }} />
      )}
      <PlanTitle {...(authoredPlanTitle ? { translate: 'no', dir: 'auto' } : {})}>{planTitle}</PlanTitle>
      <Footer>
        {lesson.unlockCode && <ModelCode code={lesson.unlockCode} />}
        {lesson.unlockCode && program && <PrintQrLink title={lesson.title} programName={program.name} programId={program.id} lessonId={lesson.id} />}
        {lesson.lessonPlansUrl ? (
          <ExternalButtonLink
            href={lesson.lessonPlansUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t.openLessonPlanLabel({ plan: planTitle })}
          >
            {t.openLessonPlan}
            <span aria-hidden="true">↗</span>
          </ExternalButtonLink>
        ) : (
          <PlanTitle>{t.lessonPlanComingSoon}</PlanTitle>
        )}
      </Footer>
    </Tile>
  );
}

/** A child's models: built first, then in progress, each with its picture and the step reached. */
import { useState } from 'react';
import styled from 'styled-components';
import type { FamilyModel } from '../../../contract/family';
import { useFormatters } from '../../shared/i18n/formatting';
import { useMessages } from '../../shared/i18n/messages';
import { PlainList } from '../../shared/ui/Layout';
import { familyTexts } from './family.messages';

const List = styled(PlainList).attrs({ $gap: 3 })`
  grid-template-columns: repeat(auto-fill, minmax(9.5rem, 1fr));
`;

const Model = styled.li`
  display: grid;
  gap: ${({ theme }) => theme.space[1]}px;
  align-content: start;
  img,
  .no-picture {
    width: 100%;
    aspect-ratio: 4 / 3;
    object-fit: contain;
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
  strong {
    overflow-wrap: anywhere;
  }
  span {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

/** The model's picture, or a calm empty frame where it has none or it does not load. */
function Picture({ url }: { url: string }) {
  const [failed, setFailed] = useState(false);
  if (!url || failed) return <div className="no-picture" aria-hidden="true" />;
  return <img src={url} alt="" loading="lazy" onError={() => setFailed(true)} />;
}

export function ChildModels({ models }: { models: FamilyModel[] }) {
  const t = useMessages(familyTexts);
  const formatters = useFormatters();
  if (models.length === 0) return <p>{t.noModels}</p>;
  const place = (model: FamilyModel) => {
    const numbers = { tab: formatters.number(model.tab), tabs: formatters.number(model.tabs), step: formatters.number(model.step), steps: formatters.number(model.steps) };
    return model.tabs > 1 ? t.partStep(numbers) : t.stepOf(numbers);
  };
  return (
    <List>
      {models.map((model) => (
        <Model key={model.pageId} data-testid="family-model">
          <Picture url={model.imageUrl} />
          <strong translate="no">{model.title}</strong>
          <span>{model.finishedAt ? t.builtOn({ date: formatters.date(new Date(model.finishedAt)) }) : `${t.inProgress} · ${place(model)}`}</span>
        </Model>
      ))}
    </List>
  );
}

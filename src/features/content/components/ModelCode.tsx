import styled from 'styled-components';
import { useMessages } from '../../../shared/i18n/messages';
import { modelListMessages } from '../content.messages';

const Badge = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space[1]}px ${({ theme }) => theme.space[3]}px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.sun};
  color: ${({ theme }) => theme.colors.text};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  text-align: center;
`;

/** A model's unlock code, for the adults who hand it to the children (never rendered for a student). */
export function ModelCode({ code }: { code: string }) {
  const t = useMessages(modelListMessages);
  return <Badge>{t.code({ code })}</Badge>;
}

import { useSearchParams } from 'react-router';
import styled from 'styled-components';
import { useMessages } from '../../shared/i18n/messages';
import { paths } from '../../shared/paths';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { timetableMessages } from './timetable.messages';
import { addDays } from './weeks';

const Nav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]}px;
  margin-bottom: ${({ theme }) => theme.space[3]}px;
`;

/** Links to the weeks around (links, so Back goes to the week before and a week can be opened in a new tab). */
export function WeekNav({ monday, thisMonday }: { monday: string; thisMonday: string }) {
  const t = useMessages(timetableMessages);
  const [search] = useSearchParams();
  const to = (week: string) => {
    const next = new URLSearchParams(search);
    next.set('week', week);
    return `${paths.timetable.href()}?${next.toString()}`;
  };
  return (
    <Nav aria-label={t.weekLabel}>
      <ButtonLink to={to(addDays(monday, -7))} $variant="secondary">
        {t.previousWeek}
      </ButtonLink>
      <ButtonLink to={to(thisMonday)} $variant={monday === thisMonday ? 'primary' : 'secondary'} aria-current={monday === thisMonday ? 'true' : undefined}>
        {t.thisWeek}
      </ButtonLink>
      <ButtonLink to={to(addDays(monday, 7))} $variant="secondary">
        {t.nextWeek}
      </ButtonLink>
    </Nav>
  );
}

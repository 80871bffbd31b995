import { paths } from '../../../shared/paths';
import { useAppSelector } from '../../../shared/storeHooks';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { useMessages } from '../../../shared/i18n/messages';
import { modelQrMessages } from './modelQr.messages';

/** On a model's card for the adults who see its code: its printable QR page (for the kit box or the lesson plan). */
export function PrintQrLink({ title, programName, programId, lessonId }: { title: string; programName: string; programId: number; lessonId: number }) {
  const role = useAppSelector((state) => state.session.userRole);
  const t = useMessages(modelQrMessages);
  if (role !== 'franchise_owner' && role !== 'administrator') return null;
  const to = `${paths.modelQr.href({ programName, programId, lessonId })}?title=${encodeURIComponent(title)}`;
  return (
    <ButtonLink to={to} $variant="secondary" aria-label={t.printQrFor({ title })}>
      {t.printQr}
    </ButtonLink>
  );
}

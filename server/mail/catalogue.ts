/**
 * The mails' message catalogue: every text the portal mails, in English, Hebrew and Spanish.
 * English is the source and stays word for word what the portal always sent; a mail is
 * in its recipient's language (users.locale), see mailLanguageOf.
 */
import { isUserLocale, type UserLocale } from '../../contract';

export type MailLanguage = 'en' | 'he' | 'es';

const english = {
  studentWelcomeSubject: 'Sign-in details for {student}',
  passwordResetSubject: 'Your new Youngengineer Online password',
  passwordResetsSubject: 'Your new Youngengineer Online passwords',
  ownerWelcomeSubject: 'Your Youngengineer Online franchise account',
  dear: 'Dear {name},',
  hello: 'Hello {name},',
  helloEveryone: 'Hello,',
  /** Who "Dear ..." greets when the student record names no parent. */
  parent: 'parent',
  studentWelcome: '{student} now has an account on Youngengineer Online.',
  studentSignIn: 'Here are the sign-in details of {student} on Youngengineer Online, with a new password.',
  passwordReset: 'A new password was requested for your account.',
  passwordResets: 'New passwords were requested for the accounts of this e-mail address.',
  ownerWelcome: 'A franchise owner account was created for you on Youngengineer Online.',
  signInAt: 'Sign in at: {url}',
  username: 'Username: {username}',
  password: 'Password: {password}',
  pendingOne: 'The current password keeps working until the new one is first used. A new password not used within {days} days expires.',
  pendingEach: 'Each current password keeps working until the new one is first used. A new password not used within {days} days expires.',
  notYou: 'If you did not ask for this, please contact us.',
  signOff: 'The Youngengineer Online team',
  familySignInSubject: 'Your sign-in link to Youngengineer Online',
  familySignIn: 'Open this link to see your family page on Youngengineer Online. It works once, within {minutes} minutes:',
  familySignInNotYou: 'If you did not ask for it, you can ignore this mail: nobody can sign in without the link.',
  familyMessageSubject: 'A message from a family on Youngengineer Online',
  familyMessage: 'A parent of {student} wrote to you on Youngengineer Online:',
  familyMessageReply: 'To answer, write to {email}.',
  // The families' summary mail: its subject names no child.
  summarySubjectMonth: "Your family's month on Youngengineer Online",
  summarySubjectWeek: "Your family's week on Youngengineer Online",
  summaryIntroMonth: 'Here is what your family did with {teacher} in {period}.',
  summaryIntroWeek: 'Here is what your family did with {teacher} in the week of {period}.',
  summaryBuiltMonth: 'Built this month: {models}',
  summaryBuiltWeek: 'Built this week: {models}',
  summaryInProgress: 'In progress: {title}, step {step} of {steps}',
  summaryInProgressParts: 'In progress: {title}, part {part} of {parts}, step {step} of {steps}',
  summaryNoModelsMonth: 'No model finished or in progress this month.',
  summaryNoModelsWeek: 'No model finished or in progress this week.',
  summaryLessonsLeftOne: '1 lesson left',
  summaryLessonsLeftOther: '{count} lessons left',
  summaryNextMeeting: 'Next meeting: {when}, {className}',
  summaryNextMeetingAt: 'Next meeting: {when}, {className}, {place}',
  summaryNoMeeting: 'No meeting is planned yet.',
  summaryFamilyPage: 'See everything on your family page: {url}',
  summaryWhy: 'You get this mail because {teacher} teaches your family on Youngengineer Online.',
  summaryUnsubscribe: 'Stop these summaries: {url}',
};

export type MailTexts = typeof english;

const hebrew: MailTexts = {
  studentWelcomeSubject: 'פרטי הכניסה של {student}',
  passwordResetSubject: 'הסיסמה החדשה שלך ל-Youngengineer Online',
  passwordResetsSubject: 'הסיסמאות החדשות שלך ל-Youngengineer Online',
  ownerWelcomeSubject: 'חשבון הזכיין שלך ב-Youngengineer Online',
  dear: 'שלום {name},',
  hello: 'שלום {name},',
  helloEveryone: 'שלום,',
  parent: 'הורה יקר',
  studentWelcome: 'נפתח חשבון עבור {student} ב-Youngengineer Online.',
  studentSignIn: 'הנה פרטי הכניסה של {student} ל-Youngengineer Online, עם סיסמה חדשה.',
  passwordReset: 'התבקשה סיסמה חדשה לחשבון שלך.',
  passwordResets: 'התבקשו סיסמאות חדשות לחשבונות של כתובת הדוא"ל הזו.',
  ownerWelcome: 'נפתח עבורך חשבון זכיין ב-Youngengineer Online.',
  signInAt: 'כניסה בכתובת: {url}',
  username: 'שם משתמש: {username}',
  password: 'סיסמה: {password}',
  pendingOne: 'הסיסמה הנוכחית ממשיכה לעבוד עד שמשתמשים בסיסמה החדשה בפעם הראשונה. סיסמה חדשה שלא נעשה בה שימוש תוך {days} ימים פגה.',
  pendingEach: 'כל סיסמה נוכחית ממשיכה לעבוד עד שמשתמשים בסיסמה החדשה בפעם הראשונה. סיסמה חדשה שלא נעשה בה שימוש תוך {days} ימים פגה.',
  notYou: 'אם לא ביקשת זאת, נשמח שתפנה אלינו.',
  signOff: 'צוות Youngengineer Online',
  familySignInSubject: 'קישור הכניסה שלך ל-Youngengineer Online',
  familySignIn: 'פתחו את הקישור כדי לראות את עמוד המשפחה שלכם ב-Youngengineer Online. הוא פועל פעם אחת, תוך {minutes} דקות:',
  familySignInNotYou: 'אם לא ביקשתם אותו, אפשר להתעלם מהודעה זו: אי אפשר להיכנס בלי הקישור.',
  familyMessageSubject: 'הודעה ממשפחה ב-Youngengineer Online',
  familyMessage: 'הורה של {student} כתב לך ב-Youngengineer Online:',
  familyMessageReply: 'כדי לענות, כתבו אל {email}.',
  summarySubjectMonth: 'החודש של המשפחה שלך ב-Youngengineer Online',
  summarySubjectWeek: 'השבוע של המשפחה שלך ב-Youngengineer Online',
  summaryIntroMonth: 'הנה מה שהמשפחה שלך עשתה עם {teacher} ב{period}.',
  summaryIntroWeek: 'הנה מה שהמשפחה שלך עשתה עם {teacher} בשבוע של {period}.',
  summaryBuiltMonth: 'נבנו החודש: {models}',
  summaryBuiltWeek: 'נבנו השבוע: {models}',
  summaryInProgress: 'בבנייה: {title}, שלב {step} מתוך {steps}',
  summaryInProgressParts: 'בבנייה: {title}, חלק {part} מתוך {parts}, שלב {step} מתוך {steps}',
  summaryNoModelsMonth: 'אין החודש דגם שהושלם או שנמצא בבנייה.',
  summaryNoModelsWeek: 'אין השבוע דגם שהושלם או שנמצא בבנייה.',
  summaryLessonsLeftOne: 'נותר שיעור אחד',
  summaryLessonsLeftOther: 'נותרו {count} שיעורים',
  summaryNextMeeting: 'המפגש הבא: {when}, {className}',
  summaryNextMeetingAt: 'המפגש הבא: {when}, {className}, {place}',
  summaryNoMeeting: 'עדיין לא נקבע מפגש.',
  summaryFamilyPage: 'הכול מופיע בדף המשפחה שלך: {url}',
  summaryWhy: 'קיבלת את הדוא"ל הזה כי המשפחה שלך לומדת אצל {teacher} ב-Youngengineer Online.',
  summaryUnsubscribe: 'להפסקת הסיכומים: {url}',
};

const spanish: MailTexts = {
  studentWelcomeSubject: 'Datos de acceso de {student}',
  passwordResetSubject: 'Tu nueva contraseña de Youngengineer Online',
  passwordResetsSubject: 'Tus nuevas contraseñas de Youngengineer Online',
  ownerWelcomeSubject: 'Tu cuenta de franquicia en Youngengineer Online',
  dear: 'Hola, {name}:',
  hello: 'Hola, {name}:',
  helloEveryone: 'Hola:',
  parent: 'familia',
  studentWelcome: '{student} ya tiene una cuenta en Youngengineer Online.',
  studentSignIn: 'Estos son los datos de acceso de {student} en Youngengineer Online, con una contraseña nueva.',
  passwordReset: 'Se solicitó una contraseña nueva para tu cuenta.',
  passwordResets: 'Se solicitaron contraseñas nuevas para las cuentas de esta dirección de correo electrónico.',
  ownerWelcome: 'Se creó para ti una cuenta de franquiciado en Youngengineer Online.',
  signInAt: 'Inicia sesión en: {url}',
  username: 'Usuario: {username}',
  password: 'Contraseña: {password}',
  pendingOne: 'La contraseña actual sigue funcionando hasta que se use la nueva por primera vez. Una contraseña nueva que no se use en {days} días caduca.',
  pendingEach: 'Cada contraseña actual sigue funcionando hasta que se use la nueva por primera vez. Una contraseña nueva que no se use en {days} días caduca.',
  notYou: 'Si no lo solicitaste, comunícate con nosotros.',
  signOff: 'El equipo de Youngengineer Online',
  familySignInSubject: 'Tu enlace de acceso a Youngengineer Online',
  familySignIn: 'Abre este enlace para ver la página de tu familia en Youngengineer Online. Funciona una vez, dentro de {minutes} minutos:',
  familySignInNotYou: 'Si no lo solicitaste, puedes ignorar este correo: nadie puede entrar sin el enlace.',
  familyMessageSubject: 'Un mensaje de una familia en Youngengineer Online',
  familyMessage: 'Un padre o una madre de {student} te escribió en Youngengineer Online:',
  familyMessageReply: 'Para responder, escribe a {email}.',
  summarySubjectMonth: 'El mes de tu familia en Youngengineer Online',
  summarySubjectWeek: 'La semana de tu familia en Youngengineer Online',
  summaryIntroMonth: 'Esto es lo que tu familia hizo con {teacher} en {period}.',
  summaryIntroWeek: 'Esto es lo que tu familia hizo con {teacher} en la semana del {period}.',
  summaryBuiltMonth: 'Construido este mes: {models}',
  summaryBuiltWeek: 'Construido esta semana: {models}',
  summaryInProgress: 'En construcción: {title}, paso {step} de {steps}',
  summaryInProgressParts: 'En construcción: {title}, parte {part} de {parts}, paso {step} de {steps}',
  summaryNoModelsMonth: 'Este mes no hay ningún modelo terminado ni en construcción.',
  summaryNoModelsWeek: 'Esta semana no hay ningún modelo terminado ni en construcción.',
  summaryLessonsLeftOne: 'Queda 1 clase',
  summaryLessonsLeftOther: 'Quedan {count} clases',
  summaryNextMeeting: 'Próxima clase: {when}, {className}',
  summaryNextMeetingAt: 'Próxima clase: {when}, {className}, {place}',
  summaryNoMeeting: 'Todavía no hay ninguna clase prevista.',
  summaryFamilyPage: 'Todo está en la página de tu familia: {url}',
  summaryWhy: 'Recibes este correo porque {teacher} enseña a tu familia en Youngengineer Online.',
  summaryUnsubscribe: 'Dejar de recibir estos resúmenes: {url}',
};

export const MAIL_CATALOGUES: Readonly<Record<MailLanguage, MailTexts>> = { en: english, he: hebrew, es: spanish };

const LANGUAGE_OF_LOCALE: Record<UserLocale, MailLanguage> = { en_US: 'en', he_IL: 'he', es_ES: 'es' };

/** The language of a mail: the first of the locales given that is set (the recipient's, then e.g. their owner's), else English. */
export function mailLanguageOf(...locales: (string | null | undefined)[]): MailLanguage {
  for (const locale of locales) {
    if (isUserLocale(locale)) return LANGUAGE_OF_LOCALE[locale];
  }
  return 'en';
}

/** A language's texts, each {name} replaced by its value (people's names and passwords stay as they are). */
export function mailTexts(language: MailLanguage) {
  const texts = MAIL_CATALOGUES[language];
  return (key: keyof MailTexts, values: Record<string, string | number> = {}): string =>
    texts[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

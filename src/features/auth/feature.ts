import { defineFeature } from '../../shared/feature';
import { paths } from '../../shared/paths';
import * as flows from './flows';

/** Signing in and the password reset (the login itself is the app's home page, src/app/routes.tsx). */
export const authFeature = defineFeature({
  name: 'auth',
  flows,
  titles: { forgotPassword: 'Forgot password' },
  screens: [
    {
      path: paths.passwordReset.pattern,
      access: 'anyone',
      title: 'forgotPassword',
      page: () => import(/* webpackChunkName: "page-password-reset" */ './PasswordResetPage'),
    },
  ],
});

/** Links that look like the kit's buttons: inside the portal, and to another site. */
import { Link } from 'react-router';
import styled from 'styled-components';
import { buttonLook, type ButtonLookProps } from './Button';

export const ButtonLink = styled(Link)<ButtonLookProps>`
  ${buttonLook}
`;

export const ExternalButtonLink = styled.a<ButtonLookProps>`
  ${buttonLook}
`;

import { applyDecorators } from '@nestjs/common';
import { IsString, Length } from 'class-validator';

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

/**
 * A new password: 10 to 200 characters, said plainly when it is not. Whether it is too easy to guess for
 * its owner is decided where it is set (`passwordProblem`), which knows their e-mail and name.
 */
export const IsPassword = () =>
  applyDecorators(
    IsString({ message: 'Password is required' }),
    Length(PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH, {
      message: `Password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters long`,
    }),
  );

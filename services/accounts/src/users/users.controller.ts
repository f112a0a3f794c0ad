import { Controller, Delete, HttpCode } from '@nestjs/common';
import { CurrentUser, type AuthenticatedUser } from '@cairn/platform';
import { AccountDeletion } from './account-deletion.service.js';

@Controller('users')
export class UsersController {
  constructor(private readonly deletion: AccountDeletion) {}

  /** Deletes the account (the guard has checked that `userId` is the caller); every service erases the user's data on `user.deleted`. */
  @Delete(':userId')
  @HttpCode(200)
  async delete(@CurrentUser() user: AuthenticatedUser) {
    await this.deletion.delete(user);
    return { success: true, message: 'Account and all its data are being deleted' };
  }
}

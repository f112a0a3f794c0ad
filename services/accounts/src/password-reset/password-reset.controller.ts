import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { z } from 'zod';
import { Public, ZodPipe } from '@cairn/platform';
import { PasswordResetService } from './password-reset.service.js';

const requestBody = z.object({ email: z.string().max(1000).optional() });
const confirmBody = z.object({ token: z.string().max(200).optional(), password: z.string().max(1000).optional() });

@Public()
@Controller('auth/password-reset')
export class PasswordResetController {
  constructor(private readonly resets: PasswordResetService) {}

  @Post()
  @HttpCode(200)
  request(@Body(new ZodPipe(requestBody)) body: z.infer<typeof requestBody>) {
    return this.resets.request(body.email);
  }

  @Post('confirm')
  @HttpCode(200)
  confirm(@Body(new ZodPipe(confirmBody)) body: z.infer<typeof confirmBody>) {
    return this.resets.confirm(body.token, body.password);
  }
}

import { Controller, Get, Header } from '@nestjs/common';
import { Public } from '@cairn/platform';
import { SigningKeys } from './signing-keys.js';

@Public()
@Controller('.well-known')
export class JwksController {
  constructor(private readonly keys: SigningKeys) {}

  @Get('jwks.json')
  @Header('Cache-Control', 'public, max-age=300')
  jwks() {
    return this.keys.jwks();
  }
}

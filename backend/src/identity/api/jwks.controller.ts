import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ACCESS_TOKEN_ISSUER, type AccessTokenIssuer } from '../ports/access-token-issuer';

/** The conventional JWKS location, for services that verify this server's access tokens. */
@ApiTags('auth')
@Controller('.well-known')
export class JwksController {
  constructor(@Inject(ACCESS_TOKEN_ISSUER) private readonly issuer: AccessTokenIssuer | null) {}

  @Get('jwks.json')
  @ApiOperation({ summary: 'Public keys that verify the access tokens this server issues (JWKS).' })
  jwks(@Res({ passthrough: true }) response: Response) {
    response.setHeader('Cache-Control', 'public, max-age=300');
    return this.issuer?.jwks() ?? { keys: [] };
  }
}

import { Module } from '@nestjs/common';
import { WebController } from './web.controller.js';

/** The portal's pages. Imported last: its catch-all route must not shadow the API's routes. */
@Module({ controllers: [WebController] })
export class WebModule {}

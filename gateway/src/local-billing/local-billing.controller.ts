import { Controller, Get, Inject, Param, Post, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { BillingPatterns, type MessageContext } from '@snaptrack/contracts';
import { BusClient, toBusError } from '@snaptrack/nest-rmq';
import { Ctx } from '../common/current-user.decorator.js';
import { Public } from '../common/public.decorator.js';
import { httpErrorFor } from '../common/error-mapping.js';
import { checkoutPage, errorPage, portalPage } from './pages.js';

/**
 * The `local` billing provider's pages, in place of Stripe's hosted checkout and portal: plain
 * HTML forms, so the whole signup runs offline and without the SPA.
 */
@ApiExcludeController()
@Public()
@Controller('billing/local')
export class LocalBillingController {
  constructor(@Inject(BusClient) private readonly bus: BusClient) {}

  @Get('checkout/:id')
  async checkout(@Param('id') id: string, @Ctx() ctx: MessageContext, @Res() res: Response) {
    await this.render(res, async () => {
      const view = await this.bus.send(BillingPatterns.localCheckoutView, { session_id: id }, ctx);
      return checkoutPage(id, view);
    });
  }

  @Post('checkout/:id/pay')
  async pay(@Param('id') id: string, @Ctx() ctx: MessageContext, @Res() res: Response) {
    await this.checkoutAct(id, 'pay', ctx, res);
  }

  @Post('checkout/:id/cancel')
  async cancel(@Param('id') id: string, @Ctx() ctx: MessageContext, @Res() res: Response) {
    await this.checkoutAct(id, 'cancel', ctx, res);
  }

  @Get('portal/:id')
  async portal(@Param('id') id: string, @Ctx() ctx: MessageContext, @Res() res: Response) {
    await this.render(res, async () => {
      const view = await this.bus.send(BillingPatterns.localPortalView, { portal_id: id }, ctx);
      return portalPage(id, view);
    });
  }

  @Post('portal/:id/:action')
  async portalAct(
    @Param('id') id: string,
    @Param('action') action: string,
    @Ctx() ctx: MessageContext,
    @Res() res: Response,
  ) {
    if (action !== 'cancel' && action !== 'resume' && action !== 'return') {
      res.status(404).type('html').send(errorPage('Not found.'));
      return;
    }
    await this.redirect(res, () =>
      this.bus.send(BillingPatterns.localPortalAct, { portal_id: id, action }, ctx),
    );
  }

  private async checkoutAct(
    id: string,
    action: 'pay' | 'cancel',
    ctx: MessageContext,
    res: Response,
  ): Promise<void> {
    await this.redirect(res, () =>
      this.bus.send(BillingPatterns.localCheckoutAct, { session_id: id, action }, ctx),
    );
  }

  private async render(res: Response, html: () => Promise<string>): Promise<void> {
    try {
      res
        .status(200)
        .type('html')
        .send(await html());
    } catch (error) {
      this.fail(res, error);
    }
  }

  private async redirect(res: Response, target: () => Promise<{ redirect_url: string }>) {
    try {
      res.redirect(303, (await target()).redirect_url);
    } catch (error) {
      this.fail(res, error);
    }
  }

  private fail(res: Response, error: unknown): void {
    const busError = toBusError(error);
    const mapped = httpErrorFor(busError.code);
    res
      .status(mapped.status)
      .type('html')
      .send(errorPage(mapped.status >= 500 ? (mapped.message ?? '') : busError.message));
  }
}

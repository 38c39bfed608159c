import { Controller, Inject } from '@nestjs/common';
import { Ctx, EventPattern, Payload, RmqContext } from '@nestjs/microservices';
import { OcrPatterns, ProcessReceiptJob, type MessageContext } from '@snaptrack/contracts';
import { MessageCtx } from '@snaptrack/nest-rmq';
import { ReceiptJobsService } from './receipt-jobs.service.js';

@Controller()
export class ReceiptJobsController {
  constructor(@Inject(ReceiptJobsService) private readonly jobs: ReceiptJobsService) {}

  @EventPattern(OcrPatterns.process)
  async process(
    @Payload('data') job: ProcessReceiptJob,
    // @EventPattern types every parameter after the first as unknown; MessageCtx validated it.
    @MessageCtx() ctx: unknown,
    @Ctx() rmq: unknown,
  ): Promise<void> {
    const { messageId } = ctx as MessageContext;
    const headers = (
      (rmq as RmqContext).getMessage() as { properties?: { headers?: Record<string, unknown> } }
    ).properties?.headers;
    const count = headers?.['x-delivery-count'];
    const attempt = (typeof count === 'number' ? count : 0) + 1;
    await this.jobs.handle(job, messageId ?? `job-${job.job_id}`, attempt);
  }
}

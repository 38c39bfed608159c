import type { PipeTransform } from '@nestjs/common';
import { ApiError } from './api-error.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A resource id from the path. Anything that is not an id answers the same 404 as someone
 * else's id: the caller learns nothing either way.
 */
export class ResourceIdPipe implements PipeTransform<string, string> {
  constructor(private readonly notFoundMessage: string) {}

  transform(value: string): string {
    if (!UUID.test(value)) throw new ApiError('NOT_FOUND', this.notFoundMessage);
    return value;
  }
}

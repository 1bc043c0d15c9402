import { ApiProperty } from '@nestjs/swagger';
import { IsArray } from 'class-validator';
import { ROLES } from '../../../events';
import { USER_ROLE_COMMAND_TEXTS } from '../../commands/user-roles';

/**
 * PUT /api/users/:id/roles: the user's roles as a whole (JSON:API `users` attributes or plain). The
 * DTO checks the shape; which names are roles is the command table's parser's (one place, German text).
 */
export class SetUserRolesDto {
  @ApiProperty({
    description: 'Every role the user shall have; an empty list makes them a player. Duplicates count once.',
    type: [String],
    enum: ROLES,
    example: ['tester'],
  })
  @IsArray({ message: USER_ROLE_COMMAND_TEXTS.rolesNotAList })
  roles!: unknown[];
}

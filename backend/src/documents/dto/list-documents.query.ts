import { IsIn, IsOptional } from 'class-validator';
import type { DocumentKind } from '../document.types';

export class ListDocumentsQuery {
  @IsOptional()
  @IsIn(['transcript', 'pdf'], { message: 'kind must be transcript or pdf.' })
  kind?: DocumentKind;
}

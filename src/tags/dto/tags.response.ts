import { ArrayOf, Envelope, Int, Str } from '../../common/openapi/response-schema';

export class TagResponse {
  @Int()
  id: number;

  @Str()
  name: string;
}

export class TagsData {
  @ArrayOf(() => TagResponse)
  tags: TagResponse[];
}

export const TagsEnvelope = Envelope('TagsEnvelope', () => TagsData);

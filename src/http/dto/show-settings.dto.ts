import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsNumber, IsObject, IsOptional, IsString, ValidateNested } from 'class-validator';
import {
  OVERLAY_CORNERS,
  OVERLAY_SCALE,
  SHOW_SETTINGS_LIMITS as LIMITS,
} from '../../../projections/live/rules/show-settings';
import { DEFAULT_OVERLAY_LAYOUT, OVERLAY_PARTS } from '../../../projections/live/state/default-show-settings';
import { SHOW_SETTINGS_FIELD_TEXTS } from '../../edge-texts';
import { FIELD_TEXTS } from '../../edge-texts';

const T = SHOW_SETTINGS_FIELD_TEXTS;

export class SocialLinkDto {
  @ApiProperty({ description: 'The text shown for the link.', example: 'Instagram', maxLength: LIMITS.labelLength })
  @IsString({ message: FIELD_TEXTS.notText('socialLinks[].label') })
  label!: string;

  @ApiProperty({
    description: 'An http or https address.',
    example: 'https://www.instagram.com/quizshow',
    maxLength: LIMITS.urlLength,
  })
  @IsString({ message: FIELD_TEXTS.notText('socialLinks[].url') })
  url!: string;
}

export class NextDateDto {
  @ApiProperty({ description: 'The day, ISO `yyyy-mm-dd`.', example: '2026-11-27', format: 'date' })
  @IsString({ message: FIELD_TEXTS.notText('nextDates[].date') })
  date!: string;

  @ApiProperty({ description: 'What happens that day.', example: 'Quiz am Freitag', maxLength: LIMITS.labelLength })
  @IsString({ message: FIELD_TEXTS.notText('nextDates[].title') })
  title!: string;
}

/** The stream overlay's layout; a field left out takes its default. Which parts, corners and scales are allowed is the rule's. */
export class OverlayLayoutDto {
  @ApiPropertyOptional({
    description: 'The parts shown, each at most once. Left out: all.',
    enum: OVERLAY_PARTS,
    isArray: true,
    example: DEFAULT_OVERLAY_LAYOUT.parts,
    maxItems: LIMITS.overlayParts,
  })
  @IsOptional()
  @IsArray({ message: T.notList('overlay.parts') })
  @IsString({ each: true, message: FIELD_TEXTS.notText('overlay.parts[]') })
  parts?: string[];

  @ApiPropertyOptional({
    description: 'The corner of the ranking and the join QR code. Left out: bottom-right.',
    enum: OVERLAY_CORNERS,
    example: 'bottom-right',
  })
  @IsOptional()
  @IsString({ message: FIELD_TEXTS.notText('overlay.corner') })
  corner?: string;

  @ApiPropertyOptional({
    description: 'Size against the designed 1920x1080 (rounded to hundredths). Left out: 1.',
    minimum: OVERLAY_SCALE.min,
    maximum: OVERLAY_SCALE.max,
    example: 1,
  })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: T.notNumber('overlay.scale') })
  scale?: number;
}

const url = (description: string, example: string) =>
  ApiPropertyOptional({ description: `${description} Empty: unset (hidden).`, example, maxLength: LIMITS.urlLength });

/**
 * PUT /api/show-settings: the whole settings, replacing the old ones. A field left out is unset
 * (empty text, empty list, false; `qrHostName`: "Olaf"). The answer and GET /api/show-settings have
 * the same shape with every field.
 */
export class ShowSettingsDto {
  @ApiPropertyOptional({
    description: 'Twitch channel of the live stream (splitscreen embed). Empty: unset.',
    example: 'quizshow',
    maxLength: LIMITS.channelLength,
  })
  @IsOptional()
  @IsString({ message: FIELD_TEXTS.notText('streamChannel') })
  streamChannel?: string;

  @url("The live stream's page (navbar link).", 'https://www.twitch.tv/quizshow')
  @IsOptional()
  @IsString({ message: FIELD_TEXTS.notText('streamUrl') })
  streamUrl?: string;

  @url('Where to support the show (navbar and about page).', 'https://ko-fi.com/quizshow')
  @IsOptional()
  @IsString({ message: FIELD_TEXTS.notText('supportUrl') })
  supportUrl?: string;

  @url('The mailing-list service the newsletter forms post to.', 'https://newsletter.example.org/subscribe')
  @IsOptional()
  @IsString({ message: FIELD_TEXTS.notText('newsletterUrl') })
  newsletterUrl?: string;

  @ApiPropertyOptional({
    description: "The show's social media pages, in order.",
    type: [SocialLinkDto],
    maxItems: LIMITS.socialLinks,
  })
  @IsOptional()
  @IsArray({ message: T.notList('socialLinks') })
  @ValidateNested({ each: true, message: T.notEntries('socialLinks', '{label, url}') })
  @Type(() => SocialLinkDto)
  socialLinks?: SocialLinkDto[];

  @ApiPropertyOptional({
    description: 'The coming quiz nights (the next page lists those from today on).',
    type: [NextDateDto],
    maxItems: LIMITS.nextDates,
  })
  @IsOptional()
  @IsArray({ message: T.notList('nextDates') })
  @ValidateNested({ each: true, message: T.notEntries('nextDates', '{date, title}') })
  @Type(() => NextDateDto)
  nextDates?: NextDateDto[];

  @ApiPropertyOptional({
    description:
      'Beyond PROTOCOL.md: the host named on the QR team page ("Olafs Laptop ist im Moment nicht verbunden."). Left out: Olaf.',
    example: 'Olaf',
    maxLength: LIMITS.hostNameLength,
  })
  @IsOptional()
  @IsString({ message: FIELD_TEXTS.notText('qrHostName') })
  qrHostName?: string;

  @ApiPropertyOptional({
    description: 'Beyond PROTOCOL.md: the newsletter sign-up popup shows to players while true.',
    example: false,
  })
  @IsOptional()
  @IsBoolean({ message: T.notFlag('newsletterPopup') })
  newsletterPopup?: boolean;

  @ApiPropertyOptional({
    description:
      'Whether POST /api/users registers new accounts (default true); false answers 403 with a German `detail`.',
    example: true,
  })
  @IsOptional()
  @IsBoolean({ message: T.notFlag('allowNewAccounts') })
  allowNewAccounts?: boolean;

  @ApiPropertyOptional({
    description: 'The show\'s name: header, page title, overlay, web app manifest. Empty: "Quiztool".',
    example: 'Kneipenquiz Trier',
    maxLength: LIMITS.showNameLength,
  })
  @IsOptional()
  @IsString({ message: FIELD_TEXTS.notText('showName') })
  showName?: string;

  @ApiPropertyOptional({
    description:
      "The show's logo: a stored name from POST /api/uploads/show (admin). Empty: none. Served to anyone at GET /api/show-settings/logo.",
    example: '',
  })
  @IsOptional()
  @IsString({ message: FIELD_TEXTS.notText('logo') })
  logo?: string;

  @ApiPropertyOptional({
    description:
      "The primary colour, `#rrggbb`, on which white text has a WCAG AA contrast of at least 4.5:1 (else 400 with a German `detail`). Empty: the app's.",
    example: '#5b3fd6',
  })
  @IsOptional()
  @IsString({ message: FIELD_TEXTS.notText('primaryColor') })
  primaryColor?: string;

  @ApiPropertyOptional({
    description:
      "The stream overlay's layout (which parts, corner, scale). Left out: everything, bottom right, scale 1.",
    type: OverlayLayoutDto,
  })
  @IsOptional()
  @IsObject({ message: T.notObject('overlay') })
  @ValidateNested({ message: T.notObject('overlay') })
  @Type(() => OverlayLayoutDto)
  overlay?: OverlayLayoutDto;

  @ApiPropertyOptional({
    description:
      "The show's Impressum: HTML (sanitised where shown, at /impressum), at most 20,000 characters. Empty: the admin screen warns.",
    maxLength: LIMITS.legalTextLength,
  })
  @IsOptional()
  @IsString({ message: FIELD_TEXTS.notText('imprint') })
  imprint?: string;

  @ApiPropertyOptional({
    description:
      "The show's Datenschutzerklärung: HTML (sanitised where shown, at /datenschutz, linked from the registration), at most 20,000 characters.",
    maxLength: LIMITS.legalTextLength,
  })
  @IsOptional()
  @IsString({ message: FIELD_TEXTS.notText('privacy') })
  privacy?: string;
}

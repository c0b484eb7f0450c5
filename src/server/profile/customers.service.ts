import type { CustomerProfile } from '@shared/api/erp';
import { MSG } from '@shared/messages';
import { compactRut } from '@shared/rut';
import { HttpError } from '../errors';
import { ErpError, ERP_MESSAGES } from '../erp/errors';
import type { ErpService } from '../erp/erp.service';
import type { SessionUser } from '../plugins/auth';

/**
 * Which ERP business partner a buyer is: the one whose rut is the user's username. The link never
 * changes for a user, so it is remembered; the profile itself is always read fresh.
 */
export class CustomerDirectory {
  private readonly cardCodes = new Map<number, string>();

  constructor(private readonly erp: ErpService) {}

  /**
   * The buyer's fresh ERP profile. Once the buyer's CardCode is known the partner is read by its key (a key read,
   * where a search by rut makes the ERP look through every partner); should that partner be gone, or carry another
   * rut now, the buyer is looked up by rut again.
   */
  async profileOf(user: SessionUser): Promise<CustomerProfile> {
    const known = this.cardCodes.get(user.id);
    if (known) {
      const profile = await this.erp.getCustomer(known).catch((error: unknown) => {
        if (error instanceof ErpError && error.code === 'ERP_NOT_FOUND') return null;
        throw error;
      });
      if (profile && profile.rut === compactRut(user.username)) return profile;
      this.cardCodes.delete(user.id);
    }
    const profile = await this.erp.getCustomerByRut(user.username);
    if (!profile) throw new ErpError({ status: 404, code: 'ERP_NOT_FOUND', message: ERP_MESSAGES.customerNotFound });
    this.cardCodes.set(user.id, profile.idcliente);
    return profile;
  }

  async cardCodeOf(user: SessionUser): Promise<string> {
    const known = this.cardCodes.get(user.id);
    if (known) return known;
    return (await this.profileOf(user)).idcliente;
  }

  /** A buyer names only its own business partner; any other code is refused, not looked up. */
  async assertOwn(user: SessionUser, cardCode: string): Promise<string> {
    const own = await this.cardCodeOf(user);
    if (own !== cardCode) throw new HttpError(403, MSG.forbidden);
    return own;
  }
}

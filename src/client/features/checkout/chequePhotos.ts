// The photo picked on the order summary, kept out of the store until the cheque flow takes it (app/chequePhotos).
export { keepChequePhoto, takeChequePhoto } from '@client/app/chequePhotos';

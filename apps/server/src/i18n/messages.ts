import type { NotificationType } from '@jewel/contract/user';
import type { ErrorName } from '@jewel/contract/values/error-codes';
import type { I18nText, Lang } from '@jewel/contract/values/i18n';

/** Each error code's message in the four languages; the type makes a missing one a compile error. */
export const ERROR_MESSAGES: Record<ErrorName, I18nText> = {
  unauthorized: {
    'zh-Hans': '登录已失效，请重新登录',
    'zh-Hant': '登入已失效，請重新登入',
    en: 'Your session has ended. Please sign in again.',
    ja: 'セッションが切れました。もう一度ログインしてください。',
  },
  validation: {
    'zh-Hans': '输入有误：{field}',
    'zh-Hant': '輸入有誤：{field}',
    en: 'Input error: {field}',
    ja: '入力エラー：{field}',
  },
  notFound: {
    'zh-Hans': '找不到该记录',
    'zh-Hant': '找不到該記錄',
    en: 'The record was not found.',
    ja: '該当するデータが見つかりません。',
  },
  forbidden: {
    'zh-Hans': '您没有权限进行此操作',
    'zh-Hant': '您沒有權限進行此操作',
    en: 'You are not allowed to do this.',
    ja: 'この操作を行う権限がありません。',
  },
  conflict: {
    'zh-Hans': '数据已被他人修改，请刷新后重试',
    'zh-Hant': '資料已被他人修改，請重新整理後再試',
    en: 'Someone else changed this first. Refresh and try again.',
    ja: '他の人が先に変更しました。更新してからもう一度お試しください。',
  },
  rateLimited: {
    'zh-Hans': '尝试次数过多，请在 {seconds} 秒后重试',
    'zh-Hant': '嘗試次數過多，請在 {seconds} 秒後重試',
    en: 'Too many attempts. Try again in {seconds} seconds.',
    ja: '試行回数が多すぎます。{seconds} 秒後にもう一度お試しください。',
  },
  internal: {
    'zh-Hans': '服务器出错了，请稍后重试',
    'zh-Hant': '伺服器出錯了，請稍後再試',
    en: 'Something went wrong on the server. Please try again later.',
    ja: 'サーバーでエラーが発生しました。しばらくしてからお試しください。',
  },
  routeNotFound: {
    'zh-Hans': '接口不存在',
    'zh-Hant': '介面不存在',
    en: 'No such call.',
    ja: 'そのAPIは存在しません。',
  },
  payloadTooLarge: {
    'zh-Hans': '提交的内容过大',
    'zh-Hant': '提交的內容過大',
    en: 'The request is too large.',
    ja: '送信内容が大きすぎます。',
  },
  notReady: {
    'zh-Hans': '服务暂不可用，请稍后重试',
    'zh-Hant': '服務暫時無法使用，請稍後再試',
    en: 'The service is not ready. Please try again shortly.',
    ja: 'サービスの準備ができていません。しばらくしてからお試しください。',
  },
  uriTooLong: {
    'zh-Hans': '请求地址过长',
    'zh-Hant': '請求網址過長',
    en: 'The address (URL) is too long.',
    ja: 'URL が長すぎます。',
  },
  headersTooLarge: {
    'zh-Hans': '请求头过大',
    'zh-Hant': '請求標頭過大',
    en: 'The request headers are too large.',
    ja: 'リクエストヘッダーが大きすぎます。',
  },
  requestTimeout: {
    'zh-Hans': '请求发送超时，请检查网络后重试',
    'zh-Hant': '請求傳送逾時，請檢查網路後再試',
    en: 'The request took too long to arrive. Please check your connection and try again.',
    ja: 'リクエストの送信に時間がかかりすぎました。通信状況を確認して、もう一度お試しください。',
  },
  metricsTokenInvalid: {
    'zh-Hans': '监控令牌缺失或不正确',
    'zh-Hant': '監控權杖缺少或不正確',
    en: 'The metrics token is missing or wrong.',
    ja: 'メトリクス用トークンがないか、正しくありません。',
  },
  loginFailed: {
    'zh-Hans': '手机号或密码错误',
    'zh-Hant': '手機號碼或密碼錯誤',
    en: 'Wrong mobile number or password.',
    ja: '携帯番号またはパスワードが正しくありません。',
  },
  userDisabled: {
    'zh-Hans': '该账号已停用，请联系管理员',
    'zh-Hant': '該帳號已停用，請聯絡管理員',
    en: 'This account is disabled. Please contact your administrator.',
    ja: 'このアカウントは無効です。管理者にお問い合わせください。',
  },
  passwordEmpty: {
    'zh-Hans': '请输入密码',
    'zh-Hant': '請輸入密碼',
    en: 'Please enter a password',
    ja: 'パスワードを入力してください',
  },
  passwordTooShort: {
    'zh-Hans': '密码长度不能少于6位',
    'zh-Hant': '密碼長度不能少於6位',
    en: 'The password must have at least 6 characters.',
    ja: 'パスワードは6文字以上にしてください。',
  },
  passwordMismatch: {
    'zh-Hans': '两次密码不一致，请重新输入',
    'zh-Hant': '兩次密碼不一致，請重新輸入',
    en: 'The two passwords do not match. Please enter them again.',
    ja: '2つのパスワードが一致しません。もう一度入力してください',
  },
  oldPasswordWrong: {
    'zh-Hans': '原密码错误',
    'zh-Hant': '原密碼錯誤',
    en: 'The current password is wrong.',
    ja: '現在のパスワードが正しくありません。',
  },
  refreshInvalid: {
    'zh-Hans': '登录已失效，请重新登录',
    'zh-Hant': '登入已失效，請重新登入',
    en: 'Your session has ended. Please sign in again.',
    ja: 'セッションが切れました。もう一度ログインしてください。',
  },
  temporaryLinkInvalid: {
    'zh-Hans': '该临时链接已失效',
    'zh-Hant': '該臨時連結已失效',
    en: 'This temporary link has expired or was revoked.',
    ja: 'この一時リンクは期限切れか、取り消されています。',
  },
  temporaryUserNotAllowed: {
    'zh-Hans': '临时用户不能进行此操作',
    'zh-Hant': '臨時使用者不能進行此操作',
    en: 'Temporary users cannot do this.',
    ja: '一時ユーザーはこの操作を行えません。',
  },
  recordersOnly: {
    'zh-Hans': '只有录入员可以查看或进行此操作',
    'zh-Hant': '只有錄入員可以查看或進行此操作',
    en: 'Only recorders can see or do this.',
    ja: '受付担当者のみが閲覧・操作できます。',
  },
  providerLoginNotConfigured: {
    'zh-Hans': '未配置第三方登录，请使用手机号和密码登录',
    'zh-Hant': '未設定第三方登入，請使用手機號碼和密碼登入',
    en: 'Provider login is not configured. Sign in with your mobile number and password.',
    ja: '外部サービスでのログインは設定されていません。携帯番号とパスワードでログインしてください。',
  },
  mobileTaken: {
    'zh-Hans': '该手机号已被使用',
    'zh-Hant': '該手機號碼已被使用',
    en: 'This mobile number is already in use.',
    ja: 'この携帯番号はすでに使われています。',
  },
  uploadMissingFile: {
    'zh-Hans': '请选择要上传的图片',
    'zh-Hant': '請選擇要上傳的圖片',
    en: 'Please choose an image to upload.',
    ja: 'アップロードする画像を選んでください。',
  },
  uploadUnsupportedType: {
    'zh-Hans': '只支持 JPEG、PNG、WebP 和 HEIC 图片',
    'zh-Hant': '只支援 JPEG、PNG、WebP 和 HEIC 圖片',
    en: 'Only JPEG, PNG, WebP and HEIC images are accepted.',
    ja: 'JPEG、PNG、WebP、HEIC の画像のみ対応しています。',
  },
  uploadTooLarge: {
    'zh-Hans': '图片不能超过 {mb} MB',
    'zh-Hant': '圖片不能超過 {mb} MB',
    en: 'The image must not be larger than {mb} MB.',
    ja: '画像は {mb} MB 以下にしてください。',
  },
  uploadTooManyPixels: {
    'zh-Hans': '图片尺寸过大',
    'zh-Hant': '圖片尺寸過大',
    en: 'The image has too many pixels.',
    ja: '画像の解像度が大きすぎます。',
  },
  uploadUnreadable: {
    'zh-Hans': '图片已损坏或无法读取',
    'zh-Hant': '圖片已損壞或無法讀取',
    en: 'The image is damaged or cannot be read.',
    ja: '画像が壊れているか、読み込めません。',
  },
  commodityStatusInvalid: {
    'zh-Hans': '商品当前状态为“{status}”，不能进行此操作',
    'zh-Hant': '商品目前狀態為「{status}」，不能進行此操作',
    en: 'The item is now “{status}”: this action is not possible.',
    ja: '商品は現在「{status}」のため、この操作はできません。',
  },
  commodityRoleNotAllowed: {
    'zh-Hans': '您的角色不能进行此操作',
    'zh-Hant': '您的角色不能進行此操作',
    en: 'Your role cannot take this action.',
    ja: 'あなたの役割ではこの操作はできません。',
  },
  commodityNotAssigned: {
    'zh-Hans': '该商品未分配给您',
    'zh-Hant': '該商品未分配給您',
    en: 'This item is not assigned to you.',
    ja: 'この商品はあなたに割り当てられていません。',
  },
  commodityOwnAppraisal: {
    'zh-Hans': '您已参与本轮鉴定，不能复核或综合评定自己的鉴定',
    'zh-Hant': '您已參與本輪鑑定，不能複核或綜合評定自己的鑑定',
    en: 'You took part in this round: you cannot reconsider or settle your own appraisal.',
    ja: 'この回の鑑定に参加しているため、自分の鑑定を再鑑定・総合判定することはできません。',
  },
  commodityTaken: {
    'zh-Hans': '{name} 已经开始处理该商品',
    'zh-Hant': '{name} 已經開始處理該商品',
    en: '{name} has already started on this item.',
    ja: '{name} さんがすでにこの商品の対応を始めています。',
  },
  commodityStale: {
    'zh-Hans': '商品已被他人修改，请刷新后重试',
    'zh-Hant': '商品已被他人修改，請重新整理後再試',
    en: 'Someone else changed this item first. Refresh and try again.',
    ja: '他の人が先にこの商品を変更しました。更新してからもう一度お試しください。',
  },
  enrollmentTooMany: {
    'zh-Hans': '每次最多登记 5 件商品',
    'zh-Hant': '每次最多登記 5 件商品',
    en: 'You can register at most 5 items at a time.',
    ja: '一度に登録できる商品は5点までです。',
  },
  sizePhotoRequired: {
    'zh-Hans': '请上传尺寸照片（{field}）',
    'zh-Hant': '請上傳尺寸照片（{field}）',
    en: 'Please upload a size photo ({field}).',
    ja: 'サイズの写真をアップロードしてください（{field}）。',
  },
  productPhotoRequired: {
    'zh-Hans': '请上传商品照片（{field}）',
    'zh-Hant': '請上傳商品照片（{field}）',
    en: 'Please upload a product photo ({field}).',
    ja: '商品の写真をアップロードしてください（{field}）。',
  },
  accessoryPhotoRequired: {
    'zh-Hans': '请上传附件照片（{field}）',
    'zh-Hant': '請上傳附件照片（{field}）',
    en: 'Please upload an accessory photo ({field}).',
    ja: '付属品の写真をアップロードしてください（{field}）。',
  },
  enrollmentKeyReused: {
    'zh-Hans': '该登记已提交过，内容不同，请重新开始登记',
    'zh-Hant': '該登記已提交過，內容不同，請重新開始登記',
    en: 'This registration was already submitted with different content. Start a new one.',
    ja: 'この登録は別の内容ですでに送信されています。新しく登録し直してください。',
  },
  priceRangeInvalid: {
    'zh-Hans': '最高估价不能低于最低估价（{field}）',
    'zh-Hant': '最高估價不能低於最低估價（{field}）',
    en: 'The high estimate cannot be below the low one ({field}).',
    ja: '査定額の上限は下限以上にしてください（{field}）。',
  },
  notGenuineReasonRequired: {
    'zh-Hans': '非正品时请选择原因（{field}）',
    'zh-Hant': '非正品時請選擇原因（{field}）',
    en: 'Choose a reason when the item is not genuine ({field}).',
    ja: '本物でない場合は理由を選んでください（{field}）。',
  },
  recyclePriceRequired: {
    'zh-Hans': '回收时请填写回收价格和币种（{field}）',
    'zh-Hant': '回收時請填寫回收價格和幣種（{field}）',
    en: 'Enter the buyback price and currency ({field}).',
    ja: '買取価格と通貨を入力してください（{field}）。',
  },
  wholeCurrencyRequired: {
    'zh-Hans': '日元金额不能有小数（{field}）',
    'zh-Hant': '日圓金額不能有小數（{field}）',
    en: 'Yen amounts have no decimals ({field}).',
    ja: '円の金額に小数は使えません（{field}）。',
  },
  inquiryClosed: {
    'zh-Hans': '该询价已关闭',
    'zh-Hant': '該詢價已關閉',
    en: 'This inquiry is closed.',
    ja: 'この査定依頼はすでに終了しています。',
  },
  dateRangeInvalid: {
    'zh-Hans': '结束日期不能早于开始日期（{field}）',
    'zh-Hant': '結束日期不能早於開始日期（{field}）',
    en: 'The end date cannot be before the start date ({field}).',
    ja: '終了日を開始日より前にはできません（{field}）。',
  },
  identityCheckRequired: {
    'zh-Hans': '此价格的回收需要核验卖方身份证件',
    'zh-Hant': '此價格的回收需要核驗賣方身分證件',
    en: "Buying at this price needs a check of the seller's identity document.",
    ja: 'この価格の買取には売主の本人確認書類の確認が必要です。',
  },
  signatureRequired: {
    'zh-Hans': '回收需要卖方签名',
    'zh-Hant': '回收需要賣方簽名',
    en: 'The seller must sign to sell the item.',
    ja: '買取には売主の署名が必要です。',
  },
  sellerTooYoung: {
    'zh-Hans': '卖方未满 {age} 岁，不能回收',
    'zh-Hant': '賣方未滿 {age} 歲，不能回收',
    en: 'The seller is under {age}: the shop cannot buy from them.',
    ja: '売主が{age}歳未満のため、買取できません。',
  },
  identityCheckNotReusable: {
    'zh-Hans': '该身份核验不能再次使用：只能使用同一客户 {hours} 小时内的核验',
    'zh-Hant': '該身分核驗不能再次使用：只能使用同一客戶 {hours} 小時內的核驗',
    en: "That identity check cannot be used again: only the same customer's check of the last {hours} hours can.",
    ja: 'この本人確認は再利用できません。同じお客様の{hours}時間以内の確認のみ使えます。',
  },
  identityCheckChoiceInvalid: {
    'zh-Hans': '请录入新的身份核验或选择今天的核验，不能同时提供',
    'zh-Hant': '請錄入新的身分核驗或選擇今天的核驗，不能同時提供',
    en: "Send either a new identity check or today's check, not both.",
    ja: '新しい本人確認か本日の確認のどちらか一方にしてください。',
  },
  identityPhotoRequired: {
    'zh-Hans': '请至少上传一张证件照片',
    'zh-Hant': '請至少上傳一張證件照片',
    en: 'Add at least one photo of the document.',
    ja: '書類の写真を1枚以上追加してください。',
  },
  declarationRequired: {
    'zh-Hans': '回收需要卖方签署的出售声明（declaration_lang）',
    'zh-Hant': '回收需要賣方簽署的出售聲明（declaration_lang）',
    en: "A buyback needs the seller's signed declaration (declaration_lang).",
    ja: '買取には売主が署名した売却申込書が必要です（declaration_lang）。',
  },
  declarationChanged: {
    'zh-Hans': '出售声明的内容已变更，请让卖方重新阅读并签名',
    'zh-Hant': '出售聲明的內容已變更，請讓賣方重新閱讀並簽名',
    en: 'The declaration has changed since the seller read it; let the seller read it and sign again.',
    ja: '売却申込書の内容が変わりました。売主にもう一度読んで署名してもらってください。',
  },
  privateUploadUsed: {
    'zh-Hans': '该文件已属于另一条记录，请重新拍摄或签名（{field}）',
    'zh-Hant': '該檔案已屬於另一筆記錄，請重新拍攝或簽名（{field}）',
    en: 'That file already belongs to another record; take the photo or signature again ({field}).',
    ja: 'このファイルは別の記録で使われています。撮影または署名をやり直してください（{field}）。',
  },
  privateUploadInvalid: {
    'zh-Hans': '文件无效，请重新上传（{field}）',
    'zh-Hant': '檔案無效，請重新上傳（{field}）',
    en: 'That file is not valid here; upload it again ({field}).',
    ja: 'このファイルは使えません。もう一度アップロードしてください（{field}）。',
  },
  paymentMethodRequired: {
    'zh-Hans': '回收需要记录付款方式：现金或银行转账',
    'zh-Hant': '回收需要記錄付款方式：現金或銀行轉帳',
    en: 'A buyback needs the payment method: cash or bank transfer.',
    ja: '買取には支払方法（現金または銀行振込）の記録が必要です。',
  },
  amlIdentityRequired: {
    'zh-Hans': '以现金支付超过 {threshold} 的贵金属、宝石回收需要核验身份（姓名、住址、出生日期、职业）',
    'zh-Hant': '以現金支付超過 {threshold} 的貴金屬、寶石回收需要核驗身分（姓名、住址、出生日期、職業）',
    en: 'Buying precious metals or stones for more than {threshold} in cash needs the verification at transaction: name, address, birth date and occupation.',
    ja: '貴金属・宝石等の {threshold} を超える現金での買取には取引時確認（氏名・住居・生年月日・職業）が必要です。',
  },
  transactionPurposeRequired: {
    'zh-Hans': '以现金支付超过 {threshold} 的贵金属、宝石回收需要记录交易目的',
    'zh-Hant': '以現金支付超過 {threshold} 的貴金屬、寶石回收需要記錄交易目的',
    en: 'Buying precious metals or stones for more than {threshold} in cash needs the purpose of the transaction.',
    ja: '貴金属・宝石等の {threshold} を超える現金での買取には取引を行う目的の確認が必要です。',
  },
  suspiciousFlagOpen: {
    'zh-Hans': '此交易已有一个待审核的可疑标记',
    'zh-Hant': '此交易已有一個待審核的可疑標記',
    en: 'This transaction already has a suspicious flag waiting for review.',
    ja: 'この取引にはすでに確認待ちの疑わしい取引の印があります。',
  },
  suspiciousOwnFlag: {
    'zh-Hans': '标记须由另一位正式录入员审核',
    'zh-Hant': '標記須由另一位正式錄入員審核',
    en: 'A flag is reviewed by another staff recorder, not the one who raised it.',
    ja: '印は付けた人とは別の受付担当者が確認します。',
  },
  suspiciousFlagReviewed: {
    'zh-Hans': '此标记已审核',
    'zh-Hant': '此標記已審核',
    en: 'This flag has already been reviewed.',
    ja: 'この印はすでに確認済みです。',
  },
  guestBuybackNotAllowed: {
    'zh-Hans': '临时用户不能回收商品：核验卖方身份需要正式录入员',
    'zh-Hant': '臨時使用者不能回收商品：核驗賣方身分需要正式錄入員',
    en: "Temporary users cannot buy items: checking the seller's identity needs a staff recorder.",
    ja: '一時ユーザーは買取できません。売主の本人確認は受付担当者が行います。',
  },
  individualNumberRefused: {
    'zh-Hans': '这是日本的个人编号（My Number），法律禁止收集（番号法第20条），请勿录入；请改用证件本身的其他编号',
    'zh-Hant': '這是日本的個人編號（My Number），法律禁止收集（番號法第20條），請勿錄入；請改用證件本身的其他編號',
    en: 'This is an Individual Number (My Number): the law forbids collecting it (My Number Act §20). Do not type it; use the document’s own number.',
    ja: 'これは個人番号（マイナンバー）です。法律で収集が禁止されています（番号法第20条）。入力せず、書類自体の番号を入力してください。',
  },
  myNumberCardNumberRefused: {
    'zh-Hans': '个人编号卡不记录任何号码（番号法第20条），只记录卡的有效期',
    'zh-Hant': '個人編號卡不記錄任何號碼（番號法第20條），只記錄卡的有效期限',
    en: 'A My Number card is recorded without any number (My Number Act §20): only its expiry date.',
    ja: 'マイナンバーカードは番号を記録しません（番号法第20条）。有効期限のみ記録します。',
  },
  documentExpiryRequired: {
    'zh-Hans': '请填写证件的有效期（{field}）',
    'zh-Hant': '請填寫證件的有效期限（{field}）',
    en: 'Enter the document’s expiry date ({field}).',
    ja: '書類の有効期限を入力してください（{field}）。',
  },
  identityDocumentExpired: {
    'zh-Hans': '该证件已过期，不能用于身份核验（{field}）',
    'zh-Hant': '該證件已過期，不能用於身分核驗（{field}）',
    en: 'This document has expired and cannot be used for the identity check ({field}).',
    ja: 'この書類は有効期限が切れているため本人確認に使えません（{field}）。',
  },
  customerRecordersOnly: {
    'zh-Hans': '客户档案仅供录入员使用，鉴定师无法查看客户',
    'zh-Hant': '客戶檔案僅供錄入員使用，鑑定師無法查看客戶',
    en: 'Customer records are for recorders only; valuers cannot see customers.',
    ja: '顧客台帳は受付担当者専用です。鑑定士は顧客を閲覧できません。',
  },
  customerAnonymized: {
    'zh-Hans': '该客户的个人信息已按保存期限删除，请新建客户',
    'zh-Hant': '該客戶的個人資料已依保存期限刪除，請新建客戶',
    en: "This customer's personal data was removed after the retention period; create a new customer.",
    ja: 'この顧客の個人情報は保存期間の経過により削除されました。新しい顧客を登録してください。',
  },
  watchListMatch: {
    'zh-Hans': '该商品与被盗物品通报相符（{matches}）：录入员确认警报并填写理由之前不能回收',
    'zh-Hant': '該商品與被盜物品通報相符（{matches}）：錄入員確認警報並填寫理由之前不能回收',
    en: 'This item matches the stolen-goods watch list ({matches}). It cannot be bought until a recorder acknowledges the alert with a reason.',
    ja: 'この商品は盗品手配リストと一致しています（{matches}）。登録担当者が理由を記入して警告を確認するまで買取できません。',
  },
  watchNoticeEmpty: {
    'zh-Hans': '通报至少需要序列号、刻印或型号之一',
    'zh-Hant': '通報至少需要序號、刻印或型號之一',
    en: 'A notice needs a serial number, an engraving or a model.',
    ja: '手配にはシリアル番号・刻印・型番のいずれかが必要です。',
  },
  watchImportHeader: {
    'zh-Hans': 'CSV 第一行必须是列名：{columns}',
    'zh-Hant': 'CSV 第一行必須是欄名：{columns}',
    en: 'The first row of the CSV must name the columns: {columns}',
    ja: 'CSV の1行目には列名が必要です：{columns}',
  },
  watchImportTooManyRows: {
    'zh-Hans': '一次最多导入 {max} 行',
    'zh-Hant': '一次最多匯入 {max} 行',
    en: 'At most {max} rows can be imported at once.',
    ja: '一度に取り込めるのは {max} 行までです。',
  },
  watchImportUnreadable: {
    'zh-Hans': 'CSV 无法读取：第 {line} 行的引号没有闭合',
    'zh-Hant': 'CSV 無法讀取：第 {line} 行的引號沒有閉合',
    en: 'The CSV cannot be read: the quoted field on line {line} is not closed.',
    ja: 'CSV を読み込めません：{line} 行目の引用符が閉じていません。',
  },
  watchMatchAcknowledged: {
    'zh-Hans': '该警报已被确认',
    'zh-Hant': '該警報已被確認',
    en: 'This alert has already been acknowledged.',
    ja: 'この警告はすでに確認済みです。',
  },
  watchNoticeWithdrawn: {
    'zh-Hans': '该通报已撤销',
    'zh-Hant': '該通報已撤銷',
    en: 'This notice has already been withdrawn.',
    ja: 'この手配はすでに取り下げられています。',
  },
  watchWitnessRequired: {
    'zh-Hans': '确认警报需要另一位员工：请填写其手机号和密码',
    'zh-Hant': '確認警報需要另一位員工：請填寫其手機號碼和密碼',
    en: 'Acknowledging an alert needs a second staff member: enter their mobile number and password.',
    ja: '警告の確認にはもう一人の担当者が必要です：その人の携帯番号とパスワードを入力してください。',
  },
  watchWitnessInvalid: {
    'zh-Hans': '第二位员工的手机号或密码错误',
    'zh-Hant': '第二位員工的手機號碼或密碼錯誤',
    en: "The second staff member's mobile number or password is wrong.",
    ja: 'もう一人の担当者の携帯番号またはパスワードが正しくありません。',
  },
  watchWitnessSelf: {
    'zh-Hans': '第二位员工必须是另一个人，不能是您自己',
    'zh-Hant': '第二位員工必須是另一個人，不能是您自己',
    en: 'The second staff member must be someone else, not you.',
    ja: 'もう一人の担当者はご本人以外の方である必要があります。',
  },
  watchWitnessNotStaff: {
    'zh-Hans': '第二位员工必须是在职的正式员工账号（不能是临时访客）',
    'zh-Hant': '第二位員工必須是在職的正式員工帳號（不能是臨時訪客）',
    en: 'The second staff member must be an active staff account, not a guest.',
    ja: 'もう一人の担当者は有効な正規スタッフのアカウントである必要があります（ゲスト不可）。',
  },
  ledgerAlreadyCorrected: {
    'zh-Hans': '该台账记录已被更正，请更正最新的记录',
    'zh-Hant': '該台帳記錄已被更正，請更正最新的記錄',
    en: 'This ledger entry has already been corrected. Correct the latest entry instead.',
    ja: 'この台帳記録はすでに訂正されています。最新の記録を訂正してください。',
  },
  ledgerAnonymized: {
    'zh-Hans': '该台账记录的个人信息已按保存期限删除，无法更正',
    'zh-Hant': '該台帳記錄的個人資料已依保存期限刪除，無法更正',
    en: "This ledger entry's personal data was removed after the retention period; it cannot be corrected.",
    ja: 'この台帳記録の個人情報は保存期間の経過により削除されたため、訂正できません。',
  },
  ledgerNothingChanged: {
    'zh-Hans': '更正内容与原记录相同，请至少修改一项',
    'zh-Hant': '更正內容與原記錄相同，請至少修改一項',
    en: 'The correction changes nothing. Change at least one field.',
    ja: '訂正内容が元の記録と同じです。少なくとも1項目を変更してください。',
  },
  tagItemNotFound: {
    'zh-Hans': '找不到商品 {id}，未打印任何标签',
    'zh-Hant': '找不到商品 {id}，未列印任何標籤',
    en: 'Item {id} was not found; no labels were printed.',
    ja: '商品 {id} が見つからないため、ラベルは印刷されませんでした。',
  },
  scanNotFound: {
    'zh-Hans': '该二维码不是您可查看的商品',
    'zh-Hant': '該 QR 碼不是您可查看的商品',
    en: 'This code is not an item you can open.',
    ja: 'このコードはあなたが開ける商品ではありません。',
  },
  calibrationPeriodTooLong: {
    'zh-Hans': '统计期间最长 366 天（{field}）',
    'zh-Hant': '統計期間最長 366 天（{field}）',
    en: 'A period can cover at most 366 days ({field}).',
    ja: '期間は最長366日です（{field}）。',
  },
  certificateNotIdentified: {
    'zh-Hans': '该商品尚无最终鉴定结果，不能出具证书',
    'zh-Hant': '該商品尚無最終鑑定結果，無法出具證書',
    en: 'This item has no final appraisal result yet: no certificate can be issued.',
    ja: 'この商品にはまだ最終鑑定結果がないため、鑑定書を発行できません。',
  },
  photoShotsMismatch: {
    'zh-Hans': '商品照片的拍摄项数量与照片数量不一致',
    'zh-Hant': '商品照片的拍攝項數量與照片數量不一致',
    en: 'The product photos and their shot names do not match in number.',
    ja: '商品写真の枚数と撮影項目の数が一致しません。',
  },
  photoShotUnknown: {
    'zh-Hans': '“{shot}”不是该品类的拍摄项',
    'zh-Hant': '「{shot}」不是該品類的拍攝項',
    en: '"{shot}" is not a shot of this category.',
    ja: '「{shot}」はこのカテゴリの撮影項目ではありません。',
  },
  storageUnavailable: {
    'zh-Hans': '照片存储暂时无法连接，请稍后重试',
    'zh-Hant': '照片儲存空間暫時無法連線，請稍後再試',
    en: 'The photo storage cannot be reached right now. Please try again shortly.',
    ja: '写真の保存先に一時的に接続できません。しばらくしてからもう一度お試しください。',
  },
};

/** Other server-side texts. */
export const TEXTS = {
  ok: { 'zh-Hans': '成功', 'zh-Hant': '成功', en: 'OK', ja: '成功' },
  roleRecorder: { 'zh-Hans': '录入员', 'zh-Hant': '錄入員', en: 'Recorder', ja: '受付担当' },
  roleValuers: { 'zh-Hans': '鉴定师', 'zh-Hant': '鑑定師', en: 'Valuer', ja: '鑑定士' },
  guestName: { 'zh-Hans': '访客', 'zh-Hant': '訪客', en: 'Guest', ja: 'ゲスト' },
} satisfies Record<string, I18nText>;

/** Picks the language and fills `{name}` placeholders. */
export function translate(text: I18nText, lang: Lang, params: Record<string, string | number> = {}): string {
  return text[lang].replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** Titles and texts of each notification type; `{placeholders}` come from the row's params. */
export const NOTIFICATION_TEXTS: Record<NotificationType, { title: I18nText; content: I18nText }> = {
  distributed: {
    title: {
      'zh-Hans': '新的待鉴定商品',
      'zh-Hant': '新的待鑑定商品',
      en: 'New item to appraise',
      ja: '新しい鑑定依頼',
    },
    content: {
      'zh-Hans': '{from} 分配给您 {count} 件商品：{number}',
      'zh-Hant': '{from} 分配給您 {count} 件商品：{number}',
      en: 'Items assigned to you by {from} ({count}): {number}',
      ja: '{from} さんから {count} 点の鑑定依頼が届きました：{number}',
    },
  },
  returned_for_modification: {
    title: {
      'zh-Hans': '商品被退回修改',
      'zh-Hant': '商品被退回修改',
      en: 'Item returned for changes',
      ja: '修正依頼',
    },
    content: {
      'zh-Hans': '{from} 退回了 {number}：{reason}',
      'zh-Hant': '{from} 退回了 {number}：{reason}',
      en: '{from} returned {number}: {reason}',
      ja: '{from} さんが {number} を差し戻しました：{reason}',
    },
  },
  first_appraisal_done: {
    title: { 'zh-Hans': '初鉴已完成', 'zh-Hant': '初鑑已完成', en: 'First appraisal done', ja: '一次鑑定完了' },
    content: {
      'zh-Hans': '{number} 已由 {from} 完成初鉴',
      'zh-Hant': '{number} 已由 {from} 完成初鑑',
      en: '{from} finished the first appraisal of {number}',
      ja: '{from} さんが {number} の一次鑑定を完了しました',
    },
  },
  reconsideration_needed: {
    title: { 'zh-Hans': '待复核', 'zh-Hant': '待複核', en: 'Reconsideration needed', ja: '再鑑定の依頼' },
    content: {
      'zh-Hans': '{number} 等待复核',
      'zh-Hant': '{number} 等待複核',
      en: '{number} is waiting for a reconsideration',
      ja: '{number} が再鑑定を待っています',
    },
  },
  comprehensive_needed: {
    title: {
      'zh-Hans': '待综合评定',
      'zh-Hant': '待綜合評定',
      en: 'Comprehensive assessment needed',
      ja: '総合判定の依頼',
    },
    content: {
      'zh-Hans': '{number} 的初鉴与复核不一致，等待综合评定',
      'zh-Hant': '{number} 的初鑑與複核不一致，等待綜合評定',
      en: 'The first appraisal and the reconsideration of {number} disagree: it waits for a comprehensive assessment',
      ja: '{number} の一次鑑定と再鑑定が一致しません。総合判定を待っています',
    },
  },
  identified: {
    title: {
      'zh-Hans': '鉴定结果已确定',
      'zh-Hant': '鑑定結果已確定',
      en: 'Appraisal result fixed',
      ja: '鑑定結果の確定',
    },
    content: {
      'zh-Hans': '{number} 的鉴定结果已确定，请告知客户',
      'zh-Hant': '{number} 的鑑定結果已確定，請告知客戶',
      en: 'The result of {number} is final. Let the customer know.',
      ja: '{number} の鑑定結果が確定しました。お客様にお伝えください',
    },
  },
  reassessed: {
    title: { 'zh-Hans': '商品重新鉴定', 'zh-Hant': '商品重新鑑定', en: 'Item re-assessed', ja: '再査定' },
    content: {
      'zh-Hans': '{from} 将 {number} 退回重新鉴定（第 {round} 轮）',
      'zh-Hant': '{from} 將 {number} 退回重新鑑定（第 {round} 輪）',
      en: '{from} sent {number} back for a new appraisal (round {round})',
      ja: '{from} さんが {number} を再査定に回しました（第 {round} 回）',
    },
  },
  inquiry_estimated: {
    title: { 'zh-Hans': '询价已估价', 'zh-Hant': '詢價已估價', en: 'Inquiry estimated', ja: '査定の回答' },
    content: {
      'zh-Hans': '{from} 已为 {product} 估价',
      'zh-Hant': '{from} 已為 {product} 估價',
      en: '{from} estimated {product}',
      ja: '{from} さんが {product} を査定しました',
    },
  },
  temporary_link_used: {
    title: {
      'zh-Hans': '临时链接已被使用',
      'zh-Hant': '臨時連結已被使用',
      en: 'Guest link used',
      ja: 'ゲストリンクが使われました',
    },
    content: {
      'zh-Hans': '{name} 通过您的临时链接进入',
      'zh-Hant': '{name} 透過您的臨時連結進入',
      en: '{name} entered through your guest link',
      ja: '{name} さんがあなたのゲストリンクから利用を開始しました',
    },
  },
  watch_match: {
    title: {
      'zh-Hans': '被盗物品通报警报',
      'zh-Hant': '被盜物品通報警報',
      en: 'Stolen-goods watch list alert',
      ja: '盗品手配の警告',
    },
    content: {
      'zh-Hans': '{number} 与通报 {notice} 相符（{mark}），确认之前不能回收',
      'zh-Hant': '{number} 與通報 {notice} 相符（{mark}），確認之前不能回收',
      en: '{number} matches notice {notice} ({mark}). It cannot be bought until the alert is acknowledged.',
      ja: '{number} が手配 {notice} と一致しました（{mark}）。確認するまで買取できません。',
    },
  },
};
